import { STATUS_CODES } from 'node:http';
import type { FeedFetchError, FeedFetchErrorKind } from '../../ingest/fetchError.ts';
import { InvalidInputError } from '../core/errors.ts';

// The fetcher words its errors for feeds; a shared page is a page.
const REASONS: Record<FeedFetchErrorKind, (error: FeedFetchError) => string> = {
  'invalid-url': (error) => lowerFirst(error.message),
  'blocked-address': (error) => lowerFirst(error.message),
  timeout: () => 'it took too long to answer',
  'too-large': () => 'it is too large',
  'too-many-redirects': () => 'it redirects too many times',
  'http-status': (error) => `its server answered ${error.status} ${STATUS_CODES[error.status ?? 0] ?? ''}`.trim(),
  'bad-response': () => 'its server sent an unreadable answer',
  network: () => 'its server could not be reached',
  'host-busy': () => 'its server is busy with this instance’s other requests; try again in a minute',
};

/** Why a page to share could not be loaded, as the user is told. */
export function pageLoadError(reason: FeedFetchError | { contentType: string | null }): InvalidInputError {
  if ('contentType' in reason) {
    const type = reason.contentType?.split(';')[0]!.trim();
    return new InvalidInputError(`Could not load this page: it is not a web page${type ? ` (${type.slice(0, 100)})` : ''}`);
  }
  return new InvalidInputError(`Could not load this page: ${REASONS[reason.kind](reason)}`);
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
