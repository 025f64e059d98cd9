import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Vitest's default is one file fewer than the cores: one at a time on two cores. Every project runs two files at once
// on such a machine: the web app's and the extension's (jsdom, no database) and the API's, whose integration tests each
// have a database of their own on the machine's PostgreSQL (about 230 s for the API's files against 420 s one at a
// time on two cores). A run two at once stalled once in an earlier session on a busy machine, its cause not found; three
// runs in a row passed on 2026-11-30, and CI runs it so since. The count is each project's own option (a project named by its
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
    projects: [workspace('api', twoAtOnce, 0), workspace('extension', twoAtOnce, 1), workspace('web', twoAtOnce, 1)],
  },
});
