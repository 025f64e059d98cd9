import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // One jsdom per worker rather than per file (creating them was nine tenths of the project's time).
    isolate: false,
    passWithNoTests: true,
  },
});
