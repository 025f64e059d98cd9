import type { Readable } from 'node:stream';
import { fetchMedia, NotMediaError } from '../../feeds/fetchMedia.ts';
import { fetchPolicyFor } from '../../feeds/fetch.ts';
import { FeedFetchError } from '../../feeds/fetchError.ts';
import type { Services } from '../services.ts';
import { ImageCache, type CachedImage } from './imageCache.ts';
import { verifyMediaPath } from './mediaAddress.ts';
import { mediaSecret } from './mediaProxy.ts';

/** Why the proxy serves nothing, as the HTTP status and a short message the answer carries. */
export class MediaError extends Error {
  constructor(
    readonly status: 403 | 404 | 413 | 415 | 416 | 502 | 504,
    message: string,
  ) {
    super(message);
  }
}

/** What the proxy answers: the upstream's bytes and the headers that describe them. */
export type ServedMedia = {
  status: 200 | 206;
  contentType: string;
  contentLength: number | null;
  contentRange: string | null;
  etag: string | null;
  lastModified: string | null;
  body: Buffer | Readable;
};

// Seeking asks for one range; anything longer or stranger is not passed on.
const RANGE = /^bytes=\d*-\d*$/;

const caches = new WeakMap<object, ImageCache>();

/**
 * Serves the media a signed proxy path stands for (`rawPath` exactly as requested, query included): verified against
 * the instance's key, fetched through the SSRF guard, only images, sounds and videos, within MEDIA_LIMITS (fetchMedia.ts). Images are
 * read whole and cached (ImageCache); sounds and videos stream, with the reader's Range passed on.
 */
export async function serveMedia(
  services: Pick<Services, 'db' | 'config'>,
  rawPath: string,
  range: string | undefined,
): Promise<ServedMedia> {
  if (services.config.mediaProxy === 'off') throw new MediaError(404, 'The media proxy is off');
  const url = verifyMediaPath(rawPath, await mediaSecret(services));
  if (!url) throw new MediaError(403, 'This media address is not signed by this instance');
  let cache = caches.get(services.config);
  if (!cache) caches.set(services.config, (cache = new ImageCache()));
  const cached = cache.get(url);
  if (cached) return whole(cached);

  const answer = await fetchMedia(url, {
    ...fetchPolicyFor(services.config),
    range: range !== undefined && RANGE.test(range) ? range : null,
  }).catch((error: unknown) => {
    if (error instanceof NotMediaError) throw new MediaError(415, error.message);
    throw error instanceof FeedFetchError ? mediaError(error) : error;
  });
  const { body, kind, ...described } = answer;
  if (kind !== 'image' || answer.status !== 200) return { ...described, body };
  const bytes = await readWhole(body);
  const image: CachedImage = { body: bytes, contentType: answer.contentType, etag: answer.etag, lastModified: answer.lastModified };
  cache.set(url, image);
  return whole(image);
}

function whole(image: CachedImage): ServedMedia {
  return { status: 200, contentLength: image.body.length, contentRange: null, ...image };
}

async function readWhole(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of body) chunks.push(chunk as Buffer);
  } catch (error) {
    throw error instanceof FeedFetchError ? mediaError(error) : error;
  }
  return Buffer.concat(chunks);
}

function mediaError(error: FeedFetchError): MediaError {
  switch (error.kind) {
    case 'invalid-url':
    case 'blocked-address':
      return new MediaError(403, error.message);
    case 'too-large':
      return new MediaError(413, 'The media is larger than the proxy serves');
    case 'timeout':
      return new MediaError(504, 'The media took too long to answer');
    case 'http-status':
      return error.status === 416 ? new MediaError(416, 'The range asked for is not in the media') : new MediaError(502, error.message);
    default:
      return new MediaError(502, error.message);
  }
}
