// The media proxy's fetch: the feed fetcher's guard, redirects and timeouts, but the body streams through (a
// podcast episode is too large to hold) and only what a browser shows as an image, a sound or a video is answered.
import type { Readable } from 'node:stream';
import { FeedFetchError } from './fetchError.ts';
import { asFeedFetchError, discard, firstValue, followRedirects, type FetchPolicy } from './fetch.ts';
import { limitTo, tooLarge } from './readBody.ts';
import { createGuardedAgent, parseFetchableUrl, type AddressPolicy, type Resolver } from './ssrfGuard.ts';

export type MediaKind = 'image' | 'audio' | 'video';

/**
 * What one proxied answer may cost: an image 10 MB; a sound or a video 512 MB, so that a whole episode fits. Both
 * stream through; the caller's deadline (`signal`) bounds the time of the whole transfer. 10 s to connect, 15 s until
 * the answer starts.
 */
export const MEDIA_LIMITS = {
  imageBytes: 10 * 1024 * 1024,
  streamBytes: 512 * 1024 * 1024,
  connectTimeoutMs: 10_000,
  headersTimeoutMs: 15_000,
  maxRedirects: 5,
} as const;

export type MediaFetchOptions = FetchPolicy & {
  allowedAddresses?: readonly string[];
  /** The reader's Range header, passed on for sounds and videos (seeking); null for a whole file. */
  range?: string | null;
  /** Replaces DNS resolution (tests only); every resolved address still goes through the guard. */
  resolve?: Resolver;
  /**
   * Ends the whole transfer, the answer's body included (the proxy's deadline, or its last reader gone): the upstream
   * connection is closed at once, and what is under way fails with the signal's reason.
   */
  signal?: AbortSignal;
};

export type MediaAnswer = {
  status: 200 | 206;
  kind: MediaKind;
  contentType: string;
  contentLength: number | null;
  contentRange: string | null;
  etag: string | null;
  lastModified: string | null;
  /** Ends with a FeedFetchError('too-large') past the kind's limit, or with `signal`'s reason once it aborts. */
  body: Readable;
};

/** The answer is something else than an image, a sound or a video (a page, a script, a file of no stated type). */
export class NotMediaError extends Error {
  override readonly name = 'NotMediaError';
  constructor() {
    super('This is not an image, a sound or a video');
  }
}

/** The kind of a Content-Type a browser may render from the proxy, or null (HTML, scripts, anything unnamed). */
export function mediaKind(contentType: string | null): MediaKind | null {
  const essence = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const match = /^(image|audio|video)\/[\w.+-]+$/.exec(essence);
  return match ? (match[1] as MediaKind) : null;
}

/**
 * Opens `url` through the SSRF guard and answers its body as a stream, or throws FeedFetchError: refused address,
 * timeout, upstream status or a declared length over the limit; NotMediaError for any other type.
 */
export async function fetchMedia(url: string, options: MediaFetchOptions): Promise<MediaAnswer> {
  const { signal } = options;
  signal?.throwIfAborted();
  const policy: AddressPolicy = { allowPrivateHosts: options.allowPrivateHosts, allowedAddresses: options.allowedAddresses };
  const start = parseFetchableUrl(url, policy);
  const agent = createGuardedAgent({ ...policy, connectTimeoutMs: MEDIA_LIMITS.connectTimeoutMs, resolve: options.resolve });
  const release = () => void agent.destroy().catch(() => {});
  // The request's own signal: the caller's and the wait for the headers both end it. Once the body flows, the caller's
  // abort fails the body with its reason before undici learns of it (undici would fail it with an error of its own).
  const upstream = new AbortController();
  const timer = setTimeout(
    () => upstream.abort(new FeedFetchError('timeout', 'The media took too long to answer')),
    MEDIA_LIMITS.headersTimeoutMs,
  );
  let body: Readable | null = null;
  const onAbort = () => {
    body?.destroy(signal!.reason);
    upstream.abort(signal!.reason);
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  // identity: the bytes pass through as they are, so ranges mean the same on both sides.
  const headers: Record<string, string> = {
    'user-agent': options.userAgent,
    accept: 'image/*, audio/*, video/*',
    'accept-encoding': 'identity',
  };
  if (options.range) headers.range = options.range;
  try {
    const { response } = await followRedirects(start, {
      agent,
      headers,
      signal: upstream.signal,
      maxRedirects: MEDIA_LIMITS.maxRedirects,
      policy,
    });
    const header = (name: string) => firstValue(response.headers[name]);
    const { statusCode } = response;
    if (statusCode !== 200 && statusCode !== 206) {
      discard(response.body);
      throw new FeedFetchError('http-status', `The media answered ${statusCode}`, { status: statusCode });
    }
    const contentType = header('content-type');
    const kind = mediaKind(contentType);
    if (!kind || !contentType) {
      discard(response.body);
      throw new NotMediaError();
    }
    const maxBytes = kind === 'image' ? MEDIA_LIMITS.imageBytes : MEDIA_LIMITS.streamBytes;
    const declared = header('content-length');
    const contentLength = declared !== null && /^\d+$/.test(declared) ? Number(declared) : null;
    if (contentLength !== null && contentLength > maxBytes) {
      discard(response.body);
      throw tooLarge(maxBytes);
    }
    clearTimeout(timer);
    const limited = (body = response.body.pipe(limitTo(maxBytes)));
    response.body.once('error', (error) => limited.destroy(error));
    limited.once('close', () => {
      signal?.removeEventListener('abort', onAbort);
      discard(response.body);
      release();
    });
    return {
      status: statusCode === 206 ? 206 : 200,
      kind,
      contentType,
      contentLength,
      contentRange: statusCode === 206 ? header('content-range') : null,
      etag: header('etag'),
      lastModified: header('last-modified'),
      body: limited,
    };
  } catch (error) {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    release();
    if (error instanceof NotMediaError) throw error;
    if (upstream.signal.aborted) {
      const reason: unknown = upstream.signal.reason;
      throw reason instanceof Error ? reason : new FeedFetchError('timeout', 'The media took too long to answer');
    }
    throw asFeedFetchError(error);
  }
}
