import type { FetchResult } from '../../ingest/fetch.ts';
import { FeedFetchError } from '../../ingest/fetchError.ts';
import { loadFeed } from '../../ingest/loadFeed.ts';
import type { NormalisedFeed } from '../../ingest/normalise.ts';
import { FeedParseError } from '../../ingest/parse.ts';
import { nextFetchAfterError, nextFetchWhenHostBusy, retryAfterUntil } from '../../ingest/schedule.ts';
import type { Services } from '../core/services.ts';
import { announceUnreadChanged } from '../articles/unreadCounts.ts';
import { feedRowAfterFetch, feedToRefresh, RECENT_LIMIT, RECENT_WINDOW_MS, updateFeedRow } from './feedRows.ts';
import { feedFetchPolicy, type HostWait } from '../core/hostSlots.ts';
import { storedGuids, storeNewArticles } from './storeArticles.ts';

/**
 * What a refresh did: how many articles were new, why it failed if it did (also stored on the feed), and when the
 * feed's server asked to be fetched again if it did (Retry-After; until then no path fetches it).
 */
export type RefreshOutcome = { articlesAdded: number; error: string | null; retryAt?: Date };

type FeedServices = Pick<Services, 'db' | 'config' | 'log' | 'events'>;

/**
 * The one refresh coordinator that jobs and the API call: fetch (conditional, guarded) → parse → normalise →
 * store, then record the outcome and schedule the next fetch. Never throws for a feed's own failure: the
 * error is stored on the feed, with exponential backoff, and returned.
 * Round trips, as the feeds benchmark counts them: a 304 reads the feed, claims and releases one of its host's
 * fetch slots (hostSlots.ts) and updates the feed; a 200 adds one statement asking which of its guids are stored
 * (only the others are sanitised and stored) and, when some are new, one that stores them and their unread rows
 * and one that reads the subscribers' new counts for their live event. The reads, slots and updates of refreshes
 * running at once share their statements.
 * `wait` is how long the fetch may wait for a slot of its host: a person's refresh waits, the schedule's moves the
 * feed a minute on. A feed whose server asked to wait (Retry-After) is not fetched before that time, by any path.
 */
export async function refreshFeed(
  services: FeedServices,
  feedId: string,
  { wait = 'interactive' }: { wait?: HostWait } = {},
): Promise<RefreshOutcome> {
  const now = new Date();
  const recentSince = new Date(now.getTime() - RECENT_WINDOW_MS);
  const feed = await feedToRefresh(services.db, feedId);
  if (!feed || feed.kind !== 'feed') return { articlesAdded: 0, error: 'Feed not found' };
  if (feed.retryAfterUntil && feed.retryAfterUntil > now) {
    return { articlesAdded: 0, error: feed.fetchError ?? 'The feed asked to be fetched later', retryAt: feed.retryAfterUntil };
  }
  try {
    const conditional = { etag: feed.etag, lastModified: feed.lastModified };
    const known = (guids: string[]) => storedGuids(services.db, feed.id, guids);
    const { fetched, feed: content } = await loadFeed(feedFetchPolicy(services, wait), feed.url, conditional, known);
    const stored = content ? await storeNewArticles(services.db, feed.id, content.articles) : { publishedAt: [], readerIds: [] };
    const recent = newestSince(recentSince, [...feed.recentPublishedAt, ...stored.publishedAt]);
    await recordSuccess(services, feed.id, now, fetched, content, recent);
    const arrival = stored.publishedAt.length > 0 ? { articles: stored.publishedAt.length } : undefined;
    await announceUnreadChanged(services, stored.readerIds, { feedIds: [feed.id] }, arrival);
    return { articlesAdded: stored.publishedAt.length, error: null };
  } catch (error) {
    if (!(error instanceof FeedFetchError || error instanceof FeedParseError)) throw error;
    if (error instanceof FeedFetchError && error.kind === 'host-busy') {
      // Not the feed's fault: it is tried again soon, its error and backoff as they were.
      await updateFeedRow(services.db, feed.id, { nextFetchAt: nextFetchWhenHostBusy(now) });
      return { articlesAdded: 0, error: error.message };
    }
    const errorCount = feed.errorCount + 1;
    const retryAfter = error instanceof FeedFetchError ? (error.retryAfterSeconds ?? null) : null;
    const retryAt = retryAfter === null ? null : retryAfterUntil(now, retryAfter);
    await updateFeedRow(services.db, feed.id, {
      fetchError: error.message,
      errorCount,
      lastFetchedAt: now,
      nextFetchAt: nextFetchAfterError(now, errorCount, retryAfter),
      retryAfterUntil: retryAt,
    });
    services.log.info({ feedId: feed.id, url: feed.url, error: error.message }, 'feed refresh failed');
    return { articlesAdded: 0, error: error.message, ...(retryAt ? { retryAt } : {}) };
  }
}

function newestSince(since: Date, dates: Date[]): Date[] {
  return dates
    .filter((date) => date > since)
    .sort((a, b) => b.getTime() - a.getTime())
    .slice(0, RECENT_LIMIT);
}

async function recordSuccess(
  services: FeedServices,
  feedId: string,
  now: Date,
  fetched: FetchResult,
  content: NormalisedFeed | null,
  recentPublishedAt: Date[],
) {
  await updateFeedRow(services.db, feedId, feedRowAfterFetch(now, fetched, content, recentPublishedAt));
  if (fetched.permanentUrl) await moveFeedUrl(services, feedId, fetched.permanentUrl);
}

// A permanent redirect moves the feed (RFC 9110 §15.4.2), unless another stored feed already has that URL.
async function moveFeedUrl(services: FeedServices, feedId: string, url: string) {
  const taken = await services.db.feed.findUnique({ where: { url }, select: { id: true } });
  if (taken) return;
  await services.db.feed.update({ where: { id: feedId }, data: { url } }).catch((error: unknown) => {
    services.log.warn({ feedId, url, err: error }, 'could not record the permanent redirect');
  });
}
