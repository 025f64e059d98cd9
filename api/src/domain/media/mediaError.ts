import { NotMediaError } from '../../ingest/fetchMedia.ts';
import { FeedFetchError } from '../../ingest/fetchError.ts';

/** Why the proxy serves nothing, as the HTTP status and a short message the answer carries. */
export class MediaError extends Error {
  constructor(
    readonly status: 403 | 404 | 413 | 415 | 416 | 502 | 504,
    message: string,
  ) {
    super(message);
  }
}

/** The reader closed the connection before the answer started: there is nobody left to answer. */
export class ReaderLeftError extends Error {
  override readonly name = 'ReaderLeftError';
  constructor() {
    super('The reader left');
  }
}

export const TOO_LONG = 'The media took too long to answer';

/** What the reader is told of a failed fetch; anything that is not a fetch's failure (a fault of ours) stays as it is. */
export function asMediaError(error: unknown): unknown {
  if (error instanceof MediaError || error instanceof ReaderLeftError) return error;
  if (error instanceof NotMediaError) return new MediaError(415, error.message);
  if (!(error instanceof FeedFetchError)) return error;
  switch (error.kind) {
    case 'invalid-url':
    case 'blocked-address':
      return new MediaError(403, error.message);
    case 'too-large':
      return new MediaError(413, 'The media is larger than the proxy serves');
    case 'timeout':
      return new MediaError(504, TOO_LONG);
    case 'http-status':
      return error.status === 416 ? new MediaError(416, 'The range asked for is not in the media') : new MediaError(502, error.message);
    default:
      return new MediaError(502, error.message);
  }
}
