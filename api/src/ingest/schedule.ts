/** Bounds of a feed's refresh interval: never more often than every 15 minutes, never less than daily. */
export const MIN_INTERVAL_MS = 15 * 60 * 1000;
export const MAX_INTERVAL_MS = 24 * 60 * 60 * 1000;
const JITTER = 0.1;
/** The longest wait a server's Retry-After (or the backoff) can impose: a week. */
export const MAX_WAIT_MS = MAX_INTERVAL_MS * 7;
/** A feed whose host had no free fetch slot is tried again within this window, its schedule otherwise unchanged. */
const HOST_BUSY_RETRY_MS = { min: 30_000, max: 90_000 } as const;

/**
 * When to fetch a feed next after a successful fetch: about the average gap between its recent articles
 * (a feed that publishes hourly is fetched hourly), bounded, with ±10% jitter so feeds fetched together
 * drift apart instead of arriving in bursts.
 */
export function nextFetchAfterSuccess(now: Date, recentPublishedAt: Date[], random: () => number = Math.random): Date {
  const times = recentPublishedAt.map((date) => date.getTime()).sort((a, b) => a - b);
  let interval = MAX_INTERVAL_MS;
  if (times.length >= 2) {
    const span = Math.max(now.getTime(), times.at(-1)!) - times[0]!;
    interval = span / (times.length - 1);
  }
  return new Date(now.getTime() + withJitter(clamp(interval), random));
}

/**
 * When to try again after the `errorCount`-th consecutive failure: exponential backoff from 15 minutes up to
 * a day, never earlier than the server's Retry-After.
 */
export function nextFetchAfterError(
  now: Date,
  errorCount: number,
  retryAfterSeconds: number | null,
  random: () => number = Math.random,
): Date {
  const backoff = clamp(MIN_INTERVAL_MS * 2 ** Math.max(0, errorCount - 1));
  const wait = Math.max(withJitter(backoff, random), (retryAfterSeconds ?? 0) * 1000);
  return new Date(now.getTime() + Math.min(wait, MAX_WAIT_MS));
}

/** The time before which a server that answered Retry-After `seconds` is not fetched again. */
export function retryAfterUntil(now: Date, seconds: number): Date {
  return new Date(now.getTime() + Math.min(seconds * 1000, MAX_WAIT_MS));
}

/** When to try a feed whose host was busy with the instance's other fetches: soon, at a random moment of a minute. */
export function nextFetchWhenHostBusy(now: Date, random: () => number = Math.random): Date {
  return new Date(now.getTime() + HOST_BUSY_RETRY_MS.min + Math.round(random() * (HOST_BUSY_RETRY_MS.max - HOST_BUSY_RETRY_MS.min)));
}

function clamp(interval: number): number {
  return Math.min(MAX_INTERVAL_MS, Math.max(MIN_INTERVAL_MS, interval));
}

function withJitter(interval: number, random: () => number): number {
  return Math.round(interval * (1 + (random() * 2 - 1) * JITTER));
}
