/**
 * The house's layering, checked by `npm run lint`: no file imports itself through others, and no two folders
 * import each other, directly or through a third; in the API, lower layers never import higher ones.
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
      name: 'feeds-are-stages',
      severity: 'error',
      comment:
        'api/src/feeds holds pure stages (fetch, decode, parse, normalise, sanitise, discover, OPML): the domain uses them, never the other way.',
      from: { path: '^api/src/feeds/' },
      to: { path: '^api/src/(domain|graphql|rest|jobs)/' },
    },
    {
      name: 'domain-below-edges',
      severity: 'error',
      comment: 'Business rules live in api/src/domain; GraphQL, REST and jobs are thin edges over it.',
      from: { path: '^api/src/domain/' },
      to: { path: '^api/src/(graphql|rest|jobs)/|^api/src/(app|main|worker|services|context)\\.ts$' },
    },
    {
      name: 'edges-apart',
      severity: 'error',
      comment: 'GraphQL, REST and jobs each translate to the domain; none calls another.',
      from: { path: '^api/src/(graphql|rest|jobs)/' },
      to: { path: '^api/src/(graphql|rest|jobs)/', pathNot: '^api/src/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(__generated__|generated)/|routeTree\\.gen\\.ts$|\\.test\\.tsx?$|^api/test/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
