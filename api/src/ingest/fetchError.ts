/** Why a fetch failed; the refresh coordinator decides retries and back-off from this. */
export type FeedFetchErrorKind =
  | 'invalid-url'
  | 'blocked-address'
  | 'timeout'
  | 'too-large'
  | 'too-many-redirects'
  | 'http-status'
  | 'bad-response'
  | 'network'
  /** Every fetch slot of the host stayed taken while the fetch could wait (FEED_FETCHES_PER_HOST): not the feed's fault. */
  | 'host-busy';

/**
 * The one error the fetch stage throws. `message` is short and fit to show a user as the feed's error;
 * `status` is the HTTP status when the server answered, `retryAfterSeconds` its Retry-After (429/503).
 */
export class FeedFetchError extends Error {
  override readonly name = 'FeedFetchError';
  readonly kind: FeedFetchErrorKind;
  readonly status: number | null;
  readonly retryAfterSeconds: number | null;

  constructor(
    kind: FeedFetchErrorKind,
    message: string,
    details: { status?: number; retryAfterSeconds?: number | null; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = kind;
    this.status = details.status ?? null;
    this.retryAfterSeconds = details.retryAfterSeconds ?? null;
  }
}

/** Whether the address could not be reached at all (refused, reset, no TLS where https:// was asked): no answer came. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof FeedFetchError && error.kind === 'network';
}
