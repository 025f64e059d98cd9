import { createReadStream, existsSync } from 'node:fs';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { FirstScreenRenderer } from '@tidings/shared/firstScreen';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { ProxyTrust } from './config.ts';
import { bookmarkletPageRoute, bookmarkletScriptRoute } from './bookmarklet/routes.ts';
import { createRequestContext } from './context.ts';
import { DatabaseUnavailableError, refusalOf } from './domain/core/errors.ts';
import { createFirstScreenPages } from './firstScreen/drawnPage.ts';
import { appDirectives, PERMISSIONS_POLICY } from './contentSecurityPolicy.ts';
import type { Services } from './domain/core/services.ts';
import { GRAPHIQL_ASSET_ROOTS, GRAPHIQL_ASSETS_PREFIX, GRAPHIQL_CSP } from './graphql/graphiql/page.ts';
import { attachGraphQLWebSocket } from './graphql/websocket.ts';
import { createGraphQLServer } from './graphql/yoga.ts';
import { mediaRoute } from './media/routes.ts';
import { OneLinePerRequest } from './requestLog.ts';
import { restApi } from './rest/router.ts';

export const WEB_DIST = new URL('../../web/dist/', import.meta.url);
/** The browser extension, zipped by `npm run build -w extension`. */
export const EXTENSION_ZIP = new URL('../../extension/dist/tidings-extension.zip', import.meta.url);
const SESSION_EXPIRED = 'Session expired. Please login again.';
/** Helmet's value: a year, subdomains included. */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';
// The API's paths: /api/… (REST) and /graphql (its query string aside).
const API_PATH = /^\/(api(\/|\?|$)|graphql(\?|$))/;

/**
 * Fastify's trustProxy for TRUST_PROXY. Fastify trusts nobody when given a bare number (it cannot tell a proxy from a
 * client that wrote the header itself), so a count of proxies becomes a check of each hop's distance from Tidings.
 */
function fastifyProxyTrust(trust: ProxyTrust): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return typeof trust === 'boolean' ? trust : [...trust];
}

/**
 * `webDist`: the built web app to serve; `extensionZip`: the built extension (null: none, as in API tests);
 * `firstScreen`: the web app's renderer of a signed-in reader's first screen (none: pages go out undrawn), which only
 * the start-up (main.ts) knows where to find.
 */
export type AppOptions = { services: Services; webDist?: URL | null; extensionZip?: URL | null; firstScreen?: FirstScreenRenderer | null };

/**
 * The whole HTTP server: /graphql (Yoga + graphql-ws), /api (REST), /healthz, /readyz and the web app.
 * Tests build exactly this; main.ts only adds listening and shutdown.
 */
export async function buildApp({
  services,
  webDist = WEB_DIST,
  extensionZip = EXTENSION_ZIP,
  firstScreen = null,
}: AppOptions): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    loggerInstance: services.log as FastifyBaseLogger,
    bodyLimit: 1024 * 1024,
    trustProxy: fastifyProxyTrust(services.config.trustProxy),
    // Ids in paths are short; a longer segment should still reach the handlers, which answer 404 in {error} form.
    routerOptions: { maxParamLength: 2048 },
    return503OnClosing: true,
    logController: new OneLinePerRequest(),
    forceCloseConnections: 'idle',
  });

  const directives = appDirectives(services.config);
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Sent below, only where it means something: helmet's would go out on plain-http answers too.
    strictTransportSecurity: false,
  });

  // HSTS over https only (as the trusted proxy reports it), or when the instance's address is https anyway: an
  // instance reached over plain http, on a LAN or in a test, must not teach browsers to refuse it.
  const httpsInstance = new URL(services.config.publicUrl).protocol === 'https:';
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (httpsInstance || request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
  });
  // An API answer is one caller's data at one moment: no cache, the browser's or a shared one, keeps it, unless its
  // route chose its own caching (the public RSS feed, an export's file).
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('cache-control') && API_PATH.test(request.url)) reply.header('cache-control', 'no-store');
    return payload;
  });

  // JSON, GraphQL and other text over 1 KB, when the client accepts it; the web app's files come precompressed
  // (web/scripts/precompress.mjs) and already carry their Content-Encoding, which this leaves alone. Answers up to
  // 64 KB (an article list of 100) are compressed in one call: the plugin's default on two cores (8 KB) sent a
  // list of 30 through a zlib stream of its own, whose set-up cost more than compressing it. docs/performance.md
  await app.register(compress, { threshold: 1024, syncThreshold: 64 * 1024, encodings: ['br', 'gzip'] });

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await services.db.$queryRaw`SELECT 1`;
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'database unreachable' });
    }
  });

  app.decorateRequest('context', null as never);
  app.addHook('onRequest', async (request) => {
    request.context = await createRequestContext(services, request.headers.authorization, request.ip, request);
  });
  // A request that wrote notes how far its writes reached before its answer leaves: its viewer's next request may
  // come at once, and must see them (requestReads.ts).
  app.addHook('onSend', async (request, _reply, payload) => {
    await request.context?.reads.rememberWrites();
    return payload;
  });

  const yoga = createGraphQLServer(services.log, services.config);

  // Outside /api (which answers in its own form): the request's session lookup, or /graphql before Yoga, found the
  // database unreachable. Everything else keeps Fastify's own answer.
  app.setErrorHandler((error, request, reply) => {
    const refusal = refusalOf(error);
    if (!(refusal instanceof DatabaseUnavailableError)) return reply.send(error);
    reply.code(refusal.status).header('retry-after', String(refusal.retryAfterSeconds));
    const isGraphQL = request.url.startsWith(yoga.graphqlEndpoint);
    return reply.send(
      isGraphQL ? { errors: [{ message: refusal.message, extensions: { code: refusal.constructor.name } }] } : { error: refusal.message },
    );
  });

  app.route({
    url: yoga.graphqlEndpoint,
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (request, reply) => {
      if (request.context.tokenRejected) {
        return reply.code(401).send({ errors: [{ message: SESSION_EXPIRED, extensions: { code: 'UNAUTHENTICATED' } }] });
      }
      const response = await yoga.handleNodeRequestAndResponse(request, reply, { req: request, reply });
      response.headers.forEach((value, key) => reply.header(key, value));
      if (response.headers.get('content-type')?.startsWith('text/html')) reply.header('content-security-policy', GRAPHIQL_CSP);
      // A JSON answer goes as a whole, so compression sees its size and skips small ones; streams (SSE, @defer)
      // stay streams.
      const isJson = response.headers.get('content-type')?.includes('json') ?? false;
      return reply.code(response.status).send(isJson ? Buffer.from(await response.arrayBuffer()) : response.body);
    },
  });

  await app.register(fastifyStatic, {
    root: GRAPHIQL_ASSET_ROOTS,
    prefix: GRAPHIQL_ASSETS_PREFIX,
    decorateReply: false,
    setHeaders: (res) => res.header('cache-control', 'public, max-age=86400'),
  });

  await app.register(
    async (api) => {
      api.addHook('onRequest', async (request, reply) => {
        if (request.context.tokenRejected) return reply.code(401).send({ error: SESSION_EXPIRED });
      });
      await restApi(api, services.config);
    },
    { prefix: '/api' },
  );
  bookmarkletScriptRoute(app, services);
  mediaRoute(app, services);

  // Public, like the web app: Settings links to it, and installing the extension needs no account.
  if (extensionZip && existsSync(extensionZip)) {
    app.get('/tidings-extension.zip', (_request, reply) =>
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', 'attachment; filename="tidings-extension.zip"')
        .header('cache-control', 'no-cache')
        .send(createReadStream(extensionZip)),
    );
  }

  if (webDist && existsSync(new URL('index.html', webDist))) {
    await app.register(fastifyStatic, {
      root: webDist.pathname,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        res.header('cache-control', filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    bookmarkletPageRoute(app, directives);
    const firstScreenPage = firstScreen ? createFirstScreenPages(app, webDist, firstScreen) : async () => null;
    // History-API fallback: every other GET that wants a page gets the app, which routes on the client; a signed-in
    // reader's article list comes with its first screen drawn.
    app.setNotFoundHandler(async (request, reply) => {
      if (request.method === 'GET' && request.headers.accept?.includes('text/html')) {
        const drawn = await firstScreenPage(request);
        reply.header('cache-control', 'no-cache').header('vary', 'cookie');
        return drawn === null ? reply.sendFile('index.html') : reply.type('text/html; charset=utf-8').send(drawn);
      }
      return reply.code(404).send({ error: 'Not found' });
    });
  } else {
    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'Not found' }));
  }

  const websocket = attachGraphQLWebSocket(app.server, yoga, services);
  app.addHook('preClose', async () => {
    await websocket.close();
  });
  return app;
}
