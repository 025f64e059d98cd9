import type { Readable } from 'node:stream';
import { fetchPolicyFor } from '../../ingest/fetch.ts';
import { RateLimitedError } from '../core/errors.ts';
import { waitText } from '../core/rateLimits.ts';
import type { Services } from '../core/services.ts';
import { AddressRate } from './addressRate.ts';
import { IMAGE_CACHE_LIMITS, ImageCache, type CachedImage } from './imageCache.ts';
import { verifyMediaPath } from './mediaAddress.ts';
import { MediaError, ReaderLeftError } from './mediaError.ts';
import { MediaFlight, type KeptBytes, type MediaHead } from './mediaFlight.ts';
import { mediaSecret } from './mediaProxy.ts';
import { MediaSlots } from './mediaSlots.ts';

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

/** One request to the proxy: its path exactly as requested (query included), its Range header and its client's address. */
export type MediaRequest = { path: string; range: string | undefined; clientAddress: string };

// Seeking asks for one range; anything longer or stranger is not passed on.
const RANGE = /^bytes=\d*-\d*$/;

/** What one process's proxy shares between its requests. */
type ProxyState = {
  cache: ImageCache;
  flights: Map<string, MediaFlight>;
  keptBytes: KeptBytes;
  slots: MediaSlots;
  rate: AddressRate;
};

// What the flights of a process keep of their bodies at once for late readers and the cache: half the cache's size, so
// that many large bodies fetched at once (an endless one, say) cost this at most, and stream on without it.
const KEPT_BYTES_LIMIT = IMAGE_CACHE_LIMITS.totalBytes / 2;

const states = new WeakMap<object, ProxyState>();

function stateFor(config: Services['config']): ProxyState {
  let state = states.get(config);
  if (!state) {
    state = {
      cache: new ImageCache(),
      flights: new Map(),
      keptBytes: { held: 0, limit: KEPT_BYTES_LIMIT },
      slots: new MediaSlots(config.mediaProxyFetches, config.mediaProxyFetchesPerHost),
      rate: new AddressRate(config.mediaProxyRequestsPerMinute, 60_000),
    };
    states.set(config, state);
  }
  return state;
}

/**
 * Serves the media a signed proxy path stands for: counted against its client address's MEDIA_PROXY_REQUESTS_PER_MINUTE,
 * verified against the instance's key, fetched through the SSRF guard, only images, sounds and videos, within
 * MEDIA_LIMITS (fetchMedia.ts), and streamed: the whole answer, waiting for one of the MEDIA_PROXY_FETCHES slots
 * included, ends by MEDIA_PROXY_TIMEOUT_SECONDS. Identical requests without a Range share one upstream fetch
 * (MediaFlight); images come from the ImageCache when it holds them, and fill it as they stream. `signal` aborts when
 * the reader leaves: a fetch nobody reads any more is aborted at once.
 */
export async function serveMedia(
  services: Pick<Services, 'db' | 'config'>,
  request: MediaRequest,
  signal: AbortSignal,
): Promise<ServedMedia> {
  if (services.config.mediaProxy === 'off') throw new MediaError(404, 'The media proxy is off');
  const state = stateFor(services.config);
  const retryAfterSeconds = state.rate.spend(request.clientAddress);
  if (retryAfterSeconds !== null) {
    throw new RateLimitedError(
      `Too many media requests from your network. Please try again in ${waitText(retryAfterSeconds)}.`,
      retryAfterSeconds,
    );
  }
  const url = verifyMediaPath(request.path, await mediaSecret(services));
  if (!url) throw new MediaError(403, 'This media address is not signed by this instance');
  const cached = state.cache.get(url);
  if (cached) return { status: 200, contentLength: cached.body.length, contentRange: null, ...cached };
  if (signal.aborted) throw new ReaderLeftError();

  const range = request.range !== undefined && RANGE.test(request.range) ? request.range : null;
  const flight = flightFor(services, state, url, range);
  const body = flight.join();
  const { kind: _kind, ...head } = await headOrLeft(flight, body, signal);
  return { ...head, body };
}

// A Range asks for a part of its own: only whole answers are shared, and only they fill the cache.
function flightFor(services: Pick<Services, 'config'>, state: ProxyState, url: string, range: string | null): MediaFlight {
  const shared = range === null ? state.flights.get(url) : undefined;
  if (shared?.joinable) return shared;
  const flight: MediaFlight = new MediaFlight(url, {
    fetch: { ...fetchPolicyFor(services.config), range },
    slots: state.slots,
    deadlineMs: services.config.mediaProxyTimeoutMs,
    // What is kept for late readers is what the cache may keep of one image: a larger body is shared with those who
    // came in time, and whoever comes later fetches it again.
    keepBytes: range === null ? IMAGE_CACHE_LIMITS.entryBytes : 0,
    keptBytes: state.keptBytes,
    // Above what a late reader is handed at once when it joins, so that it is not cut before it could read.
    lagBytes: 2 * IMAGE_CACHE_LIMITS.entryBytes,
    onUnlisted: () => {
      if (state.flights.get(url) === flight) state.flights.delete(url);
    },
    onComplete: (head, bytes) => {
      if (head.kind !== 'image' || head.status !== 200) return;
      const image: CachedImage = { body: bytes, contentType: head.contentType, etag: head.etag, lastModified: head.lastModified };
      state.cache.set(url, image);
    },
  });
  if (range === null) state.flights.set(url, flight);
  return flight;
}

/** The flight's head, or ReaderLeftError (and `reader` leaves the flight) when the reader goes first. */
async function headOrLeft(flight: MediaFlight, reader: Readable, signal: AbortSignal): Promise<MediaHead> {
  let onAbort = () => {};
  const left = new Promise<never>((_, reject) => {
    onAbort = () => reject(new ReaderLeftError());
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([flight.head, left]);
  } catch (error) {
    reader.destroy();
    throw error;
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
