import type { FastifyInstance } from 'fastify';
import { viewerFromBearerToken } from '../domain/credentials.ts';
import type { Services } from '../domain/services.ts';
import { BOOKMARKLET_TOKEN, BROKEN_BOOKMARKLET_SCRIPT, bookmarkletScript } from './script.ts';

type Directives = Record<string, string[]>;

/**
 * GET /bookmarklet.js?token=…: the script the bookmarklet injects into the page it is clicked on. Other sites load
 * it (so its resource policy is cross-origin), it carries a token (so nothing stores it), and it answers 200 either
 * way: a refused script would make the bookmarklet open its popup instead of telling the user why it failed.
 */
export function bookmarkletScriptRoute(app: FastifyInstance, services: Services): void {
  app.get<{ Querystring: { token?: unknown } }>(
    '/bookmarklet.js',
    { helmet: { crossOriginResourcePolicy: { policy: 'cross-origin' } } },
    async (request, reply) => {
      const token = request.query.token;
      // The same resolution as a request's bearer token, so a revoked or expired token stops the bookmarklet too.
      const valid = typeof token === 'string' && BOOKMARKLET_TOKEN.test(token) && (await viewerFromBearerToken(services, token)) !== null;
      return reply
        .header('content-type', 'application/javascript; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(valid ? bookmarkletScript(services.config.publicUrl, token) : BROKEN_BOOKMARKLET_SCRIPT);
    },
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
