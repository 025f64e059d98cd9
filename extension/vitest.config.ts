import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'extension',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
  },
});
