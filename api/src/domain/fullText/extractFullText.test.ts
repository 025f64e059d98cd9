import { describe, expect, it } from 'vitest';
import { ExtractionError } from '../../ingest/extractArticle.ts';
import { FeedFetchError } from '../../ingest/fetchError.ts';
import { failureReason, nextAttemptAt, RETRY_AFTER_HOURS } from './extractFullText.ts';

const HOUR = 3_600_000;
const now = Date.UTC(2026, 10, 29, 12);

describe('nextAttemptAt', () => {
  it('tries a failure again after 1, 6 and 24 hours, then never', () => {
    expect(RETRY_AFTER_HOURS).toEqual([1, 6, 24]);
    expect([1, 2, 3, 4].map((attempts) => nextAttemptAt(attempts, 0, now)?.getTime() ?? null)).toEqual([
      now + HOUR,
      now + 6 * HOUR,
      now + 24 * HOUR,
      null,
    ]);
  });

  it('waits longer when the server asked to (Retry-After), never shorter', () => {
    expect(nextAttemptAt(1, 2 * 3600, now)?.getTime()).toBe(now + 2 * HOUR);
    expect(nextAttemptAt(2, 60, now)?.getTime()).toBe(now + 6 * HOUR);
  });
});

describe('failureReason', () => {
  it('speaks of the page where the fetcher speaks of the feed, and keeps the extraction’s own words', () => {
    const status = new FeedFetchError('http-status', 'The feed answered 403 Forbidden', { status: 403 });
    expect(failureReason(status)).toBe('The page answered 403 Forbidden');
    expect(failureReason(new FeedFetchError('network', 'The feed’s server could not be found'))).toBe(
      'The page’s server could not be found',
    );
    expect(failureReason(new FeedFetchError('too-large', 'The feed is larger than 5 MB'))).toBe('The page is larger than 5 MB');
    expect(failureReason(new ExtractionError('nothing-found', 'No article text was found on the page'))).toBe(
      'No article text was found on the page',
    );
  });

  it('is null for anything else: a bug is not a reason to show a reader', () => {
    expect(failureReason(new TypeError('x is undefined'))).toBeNull();
  });
});
