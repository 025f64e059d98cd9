import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import type { GraphiQLOptions } from 'graphql-yoga';

/** Where GraphiQL's bundle, styles and editor workers are served from: the instance itself, never a CDN. */
export const GRAPHIQL_ASSETS_PREFIX = '/graphiql/';

/** The folders served under GRAPHIQL_ASSETS_PREFIX: the npm package's build and the page's own start script. */
export const GRAPHIQL_ASSET_ROOTS = [
  join(dirname(createRequire(import.meta.url).resolve('@graphql-yoga/graphiql/package.json')), 'dist'),
  new URL('./assets/', import.meta.url).pathname,
];

/** GraphiQL's page: scripts from the instance only, so it runs under a policy without inline scripts. */
export const GRAPHIQL_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' https: data:; font-src 'self' data:; " +
  "worker-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

// `<` escaped so no text in the options can close the script element it travels in.
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The HTML Yoga answers a browser at /graphql with (its `renderGraphiQL`), options carried as inert JSON. */
export function renderGraphiQLPage(options: GraphiQLOptions): string {
  const title = (options.title ?? 'GraphiQL').replace(/[<>&"]/g, '');
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    `<title>${title}</title><link rel="icon" href="/favicon.svg">`,
    `<link rel="stylesheet" href="${GRAPHIQL_ASSETS_PREFIX}graphiql.css"></head>`,
    '<body><div id="root">Loading GraphiQL…</div>',
    `<script type="application/json" id="graphiql-options">${jsonForScript(options)}</script>`,
    `<script src="${GRAPHIQL_ASSETS_PREFIX}yoga-graphiql.umd.js"></script>`,
    `<script src="${GRAPHIQL_ASSETS_PREFIX}start.js"></script>`,
    '</body></html>',
  ].join('');
}
