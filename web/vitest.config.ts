import babel from '@rolldown/plugin-babel';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Components' graphql`` tags become imports of their compiled documents, as in the app's build (vite.config.ts).
  plugins: [babel({ plugins: ['babel-plugin-relay'] })],
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // One jsdom per worker rather than per file (creating them was nine tenths of the project's time).
    isolate: false,
    // A component test that waits for a screen (asyncUtilTimeout 5 s in several) runs beside the API's integration
    // tests in CI on two cores, where a first render that loads its modules can take seconds: 5 s was too short.
    testTimeout: 20_000,
    passWithNoTests: true,
  },
});
