import type { FastifyInstance, FastifyReply } from 'fastify';
import { RateLimitedError } from '../domain/core/errors.ts';
import { MEDIA_PREFIX } from '../domain/media/mediaAddress.ts';
import { MediaError, ReaderLeftError } from '../domain/media/mediaError.ts';
import { serveMedia } from '../domain/media/serveMedia.ts';
import type { Services } from '../domain/core/services.ts';

// Whatever a proxied file is, it runs nothing and loads nothing when opened on its own (an SVG is a document).
const MEDIA_CSP = {
  useDefaults: false,
  directives: { defaultSrc: ["'none'"], imgSrc: ['data:'], styleSrc: ["'unsafe-inline'"], sandbox: [] },
};

/** A week: a signed address always names the same file, so browsers and shared caches may keep what it answered. */
const MEDIA_CACHE_CONTROL = 'public, max-age=604800';

const MEDIA_HEADERS = ['content-type', 'content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified', 'cache-control'];

/** A refusal or a failure is never kept by a cache: the next request may well succeed. */
function refuse(reply: FastifyReply, error: MediaError | RateLimitedError) {
  // A stream that failed before its first byte had its headers copied onto the raw response already.
  for (const name of MEDIA_HEADERS) {
    reply.removeHeader(name);
    reply.raw.removeHeader(name);
  }
  reply.code(error.status).header('cache-control', 'no-store').header('content-type', 'application/json; charset=utf-8');
  if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.send({ error: error.message });
}

/**
 * GET /media/{signature}/{target}: the media proxy (serveMedia). No account: <img> and <video> send no bearer token,
 * and the signature is what keeps it from being an open proxy. Other origins' readers may show what it serves.
 */
export function mediaRoute(app: FastifyInstance, services: Services): void {
  app.get(
    `${MEDIA_PREFIX}*`,
    {
      helmet: { contentSecurityPolicy: MEDIA_CSP, crossOriginResourcePolicy: { policy: 'cross-origin' } },
      // The body failed before its first byte went out (the deadline, the size limit), so its headers can still
      // change; once they are out, Fastify cuts the connection instead, and the reader sees a truncated body.
      errorHandler: (error, _request, reply) => {
        if (error instanceof MediaError) {
          refuse(reply, error);
          return;
        }
        reply.raw.removeHeader('cache-control');
        reply.header('cache-control', 'no-store');
        throw error;
      },
    },
    async (request, reply) => {
      // The response closes before it is finished when the reader goes away: its fetch, if nobody else reads it, stops.
      const readerLeft = new AbortController();
      reply.raw.once('close', () => readerLeft.abort());
      try {
        const media = await serveMedia(
          services,
          { path: request.url, range: request.headers.range, clientAddress: request.context.clientAddress },
          readerLeft.signal,
        );
        reply.code(media.status).header('content-type', media.contentType).header('cache-control', MEDIA_CACHE_CONTROL);
        if (!media.contentType.startsWith('image/')) reply.header('accept-ranges', 'bytes');
        if (media.contentLength !== null) reply.header('content-length', media.contentLength);
        if (media.contentRange) reply.header('content-range', media.contentRange);
        if (media.etag) reply.header('etag', media.etag);
        if (media.lastModified) reply.header('last-modified', media.lastModified);
        return reply.send(media.body);
      } catch (error) {
        if (error instanceof ReaderLeftError) return reply; // the connection is closed: there is nobody to answer
        if (error instanceof MediaError || error instanceof RateLimitedError) return refuse(reply, error);
        throw error;
      }
    },
  );
}
