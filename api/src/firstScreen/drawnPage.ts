import { readFileSync } from 'node:fs';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { DRAWN_PAGE, SESSION_COOKIE, VIEW_COOKIE, type FirstScreenRenderer } from '@tidings/shared/firstScreen';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createRequestContext } from '../context.ts';

const ROOT = '<div id="root"></div>';

/** A page load's cookies by name. */
function cookiesOf(request: FastifyRequest): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of request.headers.cookie?.split(';') ?? []) {
    const at = pair.indexOf('=');
    if (at < 0) continue;
    try {
      cookies.set(pair.slice(0, at).trim(), decodeURIComponent(pair.slice(at + 1).trim()));
    } catch {
      // A cookie that is not ours, or malformed: not read.
    }
  }
  return cookies;
}

function parsedOrUndefined(json: string | undefined): unknown {
  try {
    return json === undefined ? undefined : JSON.parse(json);
  } catch {
    return undefined;
  }
}

/** The app's GraphQL calls, answered by this server in its own process, from the page load's address. */
function fetchInProcess(app: FastifyInstance, request: FastifyRequest): typeof fetch {
  return async (input, init) => {
    const answer = await app.inject({
      method: 'POST',
      url: String(input),
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      payload: typeof init?.body === 'string' ? init.body : undefined,
      remoteAddress: request.ip,
    });
    return new Response(answer.payload, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type']) },
    });
  };
}

/**
 * The page of a signed-in reader's /articles with its first screen drawn in it by `draw`, the web app's renderer that
 * the server was given at start-up, so the list shows before the app's scripts have run (docs/architecture.md, "The
 * first screen drawn by the server"). Null, and the page goes out undrawn, for any other page, without a session
 * cookie, with a revoked one, or when drawing failed (the database unreachable, say: the app then says so itself). A
 * drawn page goes out `Cache-Control: private, no-cache`.
 */
export function createFirstScreenPages(app: FastifyInstance, webDist: URL, draw: FirstScreenRenderer) {
  const page = readFileSync(new URL('index.html', webDist), 'utf8');
  // A drawn page holds its reader's articles: no shared cache may keep it, whatever caching the page route sets.
  const drawn = new WeakSet<FastifyRequest>();
  app.addHook('onSend', async (request, reply, payload) => {
    if (drawn.has(request)) reply.header('cache-control', 'private, no-cache');
    return payload;
  });
  return async (request: FastifyRequest): Promise<string | null> => {
    const url = new URL(request.url, 'http://tidings');
    const cookies = cookiesOf(request);
    const token = cookies.get(SESSION_COOKIE);
    if (url.pathname !== DRAWN_PAGE || !token) return null;
    try {
      const { viewer } = await createRequestContext(request.context.services, `Bearer ${token}`, request.ip);
      if (!viewer) return null;
      // As the app's session holds it: the user's GraphQL id.
      const user = {
        id: encodeGlobalID('User', viewer.id),
        username: viewer.username,
        name: viewer.username,
        avatarUrl: null,
        isAdmin: viewer.role === 'admin',
      };
      const viewCookie = parsedOrUndefined(cookies.get(VIEW_COOKIE));
      const markup = await draw({
        url: url.pathname + url.search,
        session: { token, user },
        viewCookie,
        fetch: fetchInProcess(app, request),
      });
      if (markup === null) return null;
      drawn.add(request);
      // A function, not a string: the markup holds feed titles, where `$&`, `$\`` or `$'` would be replacement patterns.
      return page.replace(ROOT, () => `<div id="root"><div inert>${markup}</div></div>`);
    } catch (error) {
      request.log.warn({ err: error }, 'the first screen could not be drawn; the page goes undrawn');
      return null;
    }
  };
}
