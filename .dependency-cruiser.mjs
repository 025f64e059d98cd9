/**
 * The house's layering, checked by `npm run lint`: no file imports itself through others, and no two folders
 * import each other, directly or through a third; in the API, lower layers never import higher ones. Between the
 * workspaces, what the API, the web app and the extension all hold to lives in packages/shared, which imports none
 * of them; the API knows the web app only at its start-up, which hands the web app's renderer to the server.
 * @type {import('dependency-cruiser').IConfiguration}
 */
export default {
  forbidden: [
    {
      name: 'no-circular-files',
      severity: 'error',
      comment: 'A file that reaches itself through its imports.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-circular-folders',
      severity: 'error',
      scope: 'folder',
      comment: 'Two folders that import each other, directly or through a third.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'foundations-below-the-domain',
      severity: 'error',
      comment:
        'The ground floor (configuration, logging, the database, events, e-mail, and api/src/ingest, the pure stages that fetch, parse, normalise and sanitise what the web sends) knows no business rule: the domain uses it, never the other way.',
      from: {
        path: '^api/src/(ingest|db|realtime|email|starterPacks)/|^api/src/(config|logger|requestLog|contentSecurityPolicy)\\.ts$',
      },
      to: {
        path: '^api/src/(domain|graphql|rest|jobs|inbound|media|bookmarklet|firstScreen)/|^api/src/(app|main|worker|services|context|start)\\.ts$',
      },
    },
    {
      name: 'domain-core-below-capabilities',
      severity: 'error',
      comment:
        'api/src/domain/core (errors, input fields, pages and keysets, services, the job queue, counters, leases) is what every capability stands on; it knows none of them.',
      from: { path: '^api/src/domain/core/' },
      to: { path: '^api/src/domain/', pathNot: '^api/src/domain/core/' },
    },
    {
      name: 'domain-below-edges',
      severity: 'error',
      comment: 'Business rules live in api/src/domain; GraphQL, REST, jobs and the inbound SMTP listener are thin edges over it.',
      from: { path: '^api/src/domain/' },
      to: { path: '^api/src/(graphql|rest|jobs|inbound)/|^api/src/(app|main|worker|services|context)\\.ts$' },
    },
    {
      name: 'edges-apart',
      severity: 'error',
      comment: 'GraphQL, REST, jobs and the inbound SMTP listener each translate to the domain; none calls another.',
      from: { path: '^api/src/(graphql|rest|jobs|inbound)/' },
      to: { path: '^api/src/(graphql|rest|jobs|inbound)/', pathNot: '^api/src/$1/' },
    },
    {
      name: 'shared-stands-alone',
      severity: 'error',
      comment: 'packages/shared is what the other workspaces hold to in common; it imports none of them.',
      from: { path: '^packages/shared/' },
      to: { path: '^(api|web|extension)/' },
    },
    {
      name: 'api-knows-web-at-start-up-only',
      severity: 'error',
      comment: "The server is given the web app's renderer at start-up (api/src/main.ts); the rest of the API does not know the web app.",
      from: { path: '^api/src/', pathNot: '^api/src/(main|start)\\.ts$' },
      to: { path: '^web/' },
    },
    {
      name: 'web-apart-from-api',
      severity: 'error',
      comment: 'The web app talks to the API over GraphQL; what both need lives in packages/shared.',
      from: { path: '^web/src/' },
      to: { path: '^api/' },
    },
    {
      name: 'extension-apart',
      severity: 'error',
      comment: 'The extension talks to the API over HTTP; of the other workspaces it imports packages/shared only.',
      from: { path: '^extension/' },
      to: { path: '^(api|web)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(__generated__|generated)/|routeTree\\.gen\\.ts$|\\.test\\.tsx?$|^api/test/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // The workspaces import each other by package name (`@tidings/shared/limits`): resolved through their packages'
    // exports to the files in this tree, so that the rules above see those imports ("types" gives the face of a
    // built entry, such as the web app's renderer, rather than a build that may not exist yet).
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['types', 'import', 'default'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs'],
    },
  },
};
