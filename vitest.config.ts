import { defineConfig } from 'vitest/config';

// Unit and integration tests; the end-to-end suite is Playwright's (playwright.config.ts).
export default defineConfig({
  test: {
    projects: ['api/vitest.config.ts', 'extension/vitest.config.ts', 'web/vitest.config.ts'],
  },
});
