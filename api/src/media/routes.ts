import type { FastifyInstance } from 'fastify';
import { MEDIA_PREFIX } from '../domain/media/mediaAddress.ts';
import { MediaError, serveMedia } from '../domain/media/serveMedia.ts';
import type { Services } from '../domain/services.ts';

// Whatever a proxied file is, it runs nothing and loads nothing when opened on its own (an SVG is a document).
const MEDIA_CSP = {
  useDefaults: false,
  directives: { defaultSrc: ["'none'"], imgSrc: ['data:'], styleSrc: ["'unsafe-inline'"], sandbox: [] },
};

/** A week: a signed address always names the same file, so browsers and shared caches may keep what it answered. */
const MEDIA_CACHE_CONTROL = 'public, max-age=604800';

/**
 * GET /media/{signature}/{target}: the media proxy (serveMedia). No account: <img> and <video> send no bearer token,
 * and the signature is what keeps it from being an open proxy. Other origins' readers may show what it serves.
 */
export function mediaRoute(app: FastifyInstance, services: Services): void {
  app.get(
    `${MEDIA_PREFIX}*`,
    { helmet: { contentSecurityPolicy: MEDIA_CSP, crossOriginResourcePolicy: { policy: 'cross-origin' } } },
    async (request, reply) => {
      try {
        const media = await serveMedia(services, request.url, request.headers.range);
        reply.code(media.status).header('content-type', media.contentType).header('cache-control', MEDIA_CACHE_CONTROL);
        if (!media.contentType.startsWith('image/')) reply.header('accept-ranges', 'bytes');
        if (media.contentLength !== null) reply.header('content-length', media.contentLength);
        if (media.contentRange) reply.header('content-range', media.contentRange);
        if (media.etag) reply.header('etag', media.etag);
        if (media.lastModified) reply.header('last-modified', media.lastModified);
        return reply.send(media.body);
      } catch (error) {
        if (!(error instanceof MediaError)) throw error;
        return reply.code(error.status).header('cache-control', 'no-store').send({ error: error.message });
      }
    },
  );
}
