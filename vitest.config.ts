import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Vitest's default is one file fewer than the cores: one at a time on two cores. The web app's and the extension's
// tests (jsdom, no database) run two files at once on such a machine. The API's integration tests run one file at a
// time: they share the machine's PostgreSQL and Redis, and a run with two at once stalled once (a busy machine, the
// cause not found), where one at a time never has. The count is each project's own option (a project named by its
// config file takes the default, not the root's), so each workspace's config is extended here with it, its name and
// root restated, as an extending project does not inherit them.
const twoAtOnce = Math.max(2, availableParallelism() - 1);
// Projects of different counts run one after another (Vitest asks each its own group): the API's first.
const workspace = (name: string, maxWorkers: number, groupOrder: number) => ({
  extends: `./${name}/vitest.config.ts`,
  test: { name, root: name, maxWorkers, sequence: { groupOrder } },
});

// Unit and integration tests; the end-to-end suite is Playwright's (playwright.config.ts).
export default defineConfig({
  test: {
    projects: [workspace('api', 1, 0), workspace('extension', twoAtOnce, 1), workspace('web', twoAtOnce, 1)],
  },
});
