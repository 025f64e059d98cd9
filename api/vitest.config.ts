import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  // Node loads `graphql` as CommonJS for the server's dependencies; Vite would pick its ESM build for test
  // files, and graphql refuses to mix the two ("Cannot use GraphQLObjectType from another module or realm").
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] },
  test: {
    name: 'api',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./test/globalSetup.ts'],
    // Each file loading the server's modules afresh (Fastify, Yoga, the schema, Prisma's client) took about half the
    // project's time; each file has a database of its own, so sharing the modules between files shares no data.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
