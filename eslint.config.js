import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '.node/',
      'api/src/generated/',
      'web/dist/',
      'api/dist/',
      'extension/dist/',
      'web/dist-*/',
      '**/__generated__/',
      'web/src/routeTree.gen.ts',
      'test-results*/',
      'playwright-report/',
      'data/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `_name` marks a parameter a signature requires but the body does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Feed text must be cleaned of the control characters XML forbids: matching them is the point.
      'no-control-regex': 'off',
      // Playwright fixtures without dependencies are written `async ({}, use) => …`.
      'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }],
    },
  },
  {
    // Tests read answers whose shapes vary per operation.
    files: ['**/*.test.{ts,tsx}', 'api/test/**', 'web/e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Reads go through the domain (filter, ownership, order, paging live there once); an edge may only reload
    // by id the rows the domain chose, to select what its client asked for.
    files: ['api/src/graphql/**/*.ts', 'api/src/rest/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'CallExpression[callee.property.name=/^(findFirst|findFirstOrThrow|count|aggregate|groupBy|\\$queryRaw|\\$queryRawUnsafe)$/]',
          'CallExpression[callee.property.name=/^find(Many|Unique|UniqueOrThrow)$/] > ObjectExpression > Property[key.name=/^(orderBy|take|skip|cursor|distinct)$/]',
          "CallExpression[callee.property.name=/^find(Many|Unique|UniqueOrThrow)$/] > ObjectExpression > Property[key.name='where'] > ObjectExpression > Property[key.name!='id']",
        ].map((selector) => ({
          selector,
          message: 'Read through a domain function; an edge only reloads by the ids the domain returned.',
        })),
      ],
    },
  },
  {
    files: ['api/src/graphql/graphiql/assets/*.js'],
    languageOptions: { globals: { ...globals.browser, YogaGraphiQL: 'readonly' } },
  },
  {
    files: ['extension/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    languageOptions: { globals: { ...globals.browser, chrome: 'readonly' } },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    ...reactHooks.configs.flat.recommended,
  },
);
