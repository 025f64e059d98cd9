import type { FastifyError, FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { refuseBookmarkletToken, type PageAction } from '../domain/access/access.ts';
import { DatabaseUnavailableError, RateLimitedError, refusalOf } from '../domain/core/errors.ts';
import { adminRoutes } from './admin/index.ts';
import { articleRoutes } from './articles.ts';
import { authRoutes } from './auth.ts';
import { commentRoutes } from './comments.ts';
import { digestRoutes } from './digests.ts';
import { discoverRoutes } from './discover.ts';
import { exportRoutes } from './export.ts';
import { feedRoutes } from './feeds.ts';
import { filterRoutes } from './filters.ts';
import { feverApi } from './fever/index.ts';
import { folderRoutes } from './folders.ts';
import { greaderApi } from './greader/index.ts';
import { highlightRoutes } from './highlights.ts';
import { inviteRoutes } from './invites.ts';
import { newsletterRoutes } from './newsletters.ts';
import { notificationRoutes } from './notifications.ts';
import { socialRoutes } from './social.ts';
import { tokenRoutes } from './tokens.ts';

/** The route of each page action, the only ones a bookmarklet token may call (access.ts). */
export const PAGE_ACTION_ROUTES: Record<PageAction, string> = {
  detectFeeds: 'POST /api/feeds/detect',
  subscribeToFeed: 'POST /api/feeds/subscribe',
  sharePage: 'POST /api/social/share-page',
};
const pageActionRoutes = new Set(Object.values(PAGE_ACTION_ROUTES));

/** The REST API under /api: the spec's paths over the same domain functions as GraphQL; errors are {error}. */
export async function restApi(app: FastifyInstance, config: Config): Promise<void> {
  app.addHook('onRequest', async (request) => {
    if (!pageActionRoutes.has(`${request.method} ${request.routeOptions.url}`)) refuseBookmarkletToken(request.context.viewer);
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const refusal = refusalOf(error);
    if (refusal) {
      if (refusal instanceof RateLimitedError || refusal instanceof DatabaseUnavailableError) {
        reply.header('retry-after', String(refusal.retryAfterSeconds));
      }
      return reply.code(refusal.status).send({ error: refusal.message });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error.statusCode === 400 && error instanceof SyntaxError)) {
      return reply.code(400).send({ error: 'The request body is not valid JSON' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ error: error.message });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.' });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'Not found' }));
  // A call without payload (POST /invites, say) may still say it sends JSON: an empty body is no body, not bad JSON.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    String(body).trim() === '' ? done(null, undefined) : parseJson(request, String(body), done),
  );

  await app.register(authRoutes);
  await app.register(inviteRoutes);
  await app.register(notificationRoutes);
  await app.register(folderRoutes);
  await app.register(feedRoutes);
  await app.register(filterRoutes);
  await app.register(articleRoutes);
  await app.register(highlightRoutes);
  await app.register(commentRoutes);
  await app.register(socialRoutes);
  await app.register(tokenRoutes);
  await app.register(digestRoutes);
  await app.register(discoverRoutes);
  await app.register(exportRoutes);
  await app.register(newsletterRoutes, { maxMessageBytes: config.inbound?.maxMessageBytes ?? 10 * 1024 * 1024 });
  await app.register(adminRoutes, { prefix: '/admin' });
  // Each reader-app API also answers at FreshRSS's addresses, which clients' FreshRSS presets append to the server's.
  for (const prefix of ['/greader', '/greader.php']) await app.register(greaderApi, { prefix });
  for (const prefix of ['/fever', '/fever.php']) await app.register(feverApi, { prefix });
}
