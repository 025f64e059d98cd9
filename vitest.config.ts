import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit and integration tests; the end-to-end suite is Playwright's (playwright.config.ts).
export default defineConfig({
  test: {
    // Vitest's default is one file fewer than the cores, so one at a time on two cores; the integration tests spend
    // much of their time waiting on PostgreSQL, so two files at once use such a machine better.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: ['api/vitest.config.ts', 'extension/vitest.config.ts', 'web/vitest.config.ts'],
  },
});
