import type { FastifyInstance } from 'fastify';
import type { Services } from '../domain/core/services.ts';
import { OUTDATED_BOOKMARKLET_SCRIPT, bookmarkletScript } from './script.ts';

type Directives = Record<string, string[]>;

/**
 * GET /bookmarklet.js: the script the bookmarklet injects into the page it is clicked on, the same for everyone (its
 * token rides in the address's fragment, which the server never sees; the window it opens checks it). Other sites
 * load it, so its resource policy is cross-origin. A bookmarklet old enough to send its token in the query string
 * gets a script that asks for a new one, with 200: a refused script would open the popup instead of saying why.
 */
export function bookmarkletScriptRoute(app: FastifyInstance, services: Services): void {
  const script = bookmarkletScript(services.config.publicUrl);
  app.get<{ Querystring: { token?: unknown } }>(
    '/bookmarklet.js',
    { helmet: { crossOriginResourcePolicy: { policy: 'cross-origin' } } },
    async (request, reply) =>
      reply
        .header('content-type', 'application/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(request.query.token === undefined ? script : OUTDATED_BOOKMARKLET_SCRIPT),
  );
}

/**
 * GET /bookmarklet: the app's page for the bookmarklet's window, which other sites frame. It alone allows any
 * frame ancestor (and drops X-Frame-Options); every other page keeps `frame-ancestors 'none'`. Needs the web app
 * served (fastify-static's sendFile).
 */
export function bookmarkletPageRoute(app: FastifyInstance, appDirectives: Directives): void {
  app.get(
    '/bookmarklet',
    {
      helmet: {
        contentSecurityPolicy: { useDefaults: false, directives: { ...appDirectives, frameAncestors: ['*'] } },
        frameguard: false,
      },
    },
    (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'),
  );
}
