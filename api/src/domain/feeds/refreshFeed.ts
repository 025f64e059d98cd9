import { fetchPolicyFor, type FetchResult } from '../../feeds/fetch.ts';
import { FeedFetchError } from '../../feeds/fetchError.ts';
import { loadFeed } from '../../feeds/loadFeed.ts';
import type { NormalisedFeed } from '../../feeds/normalise.ts';
import { FeedParseError } from '../../feeds/parse.ts';
import { nextFetchAfterError } from '../../feeds/schedule.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { Services } from '../services.ts';
import { announceUnreadChanged } from '../articles/unreadCounts.ts';
import { feedRowAfterFetch } from './feedRow.ts';
import { storeNewArticles } from './storeArticles.ts';

/** What a refresh did: how many articles were new, and why it failed if it did (also stored on the feed). */
export type RefreshOutcome = { articlesAdded: number; error: string | null };

type FeedServices = Pick<Services, 'db' | 'config' | 'log' | 'events'>;

/** The schedule paces a feed by the dates of its articles of the last two weeks, the newest 50 of them. */
const RECENT_WINDOW_MS = 14 * 24 * 60 * 60 * 1000;
const RECENT_LIMIT = 50;

type FeedToRefresh = {
  id: string;
  url: string;
  kind: string;
  etag: string | null;
  lastModified: string | null;
  errorCount: number;
  recentPublishedAt: Date[];
};

/**
 * The one refresh coordinator that jobs and the API call: fetch (conditional, guarded) → parse → normalise →
 * store, then record the outcome and schedule the next fetch. Never throws for a feed's own failure: the
 * error is stored on the feed, with exponential backoff, and returned.
 * Round trips, as the feeds benchmark counts them: a 304 reads the feed and updates it; new articles add one
 * statement that stores them and their unread rows.
 */
export async function refreshFeed(services: FeedServices, feedId: string): Promise<RefreshOutcome> {
  const now = new Date();
  const recentSince = new Date(now.getTime() - RECENT_WINDOW_MS);
  const feed = await feedToRefresh(services, feedId, recentSince);
  if (!feed || feed.kind !== 'feed') return { articlesAdded: 0, error: 'Feed not found' };
  try {
    const conditional = { etag: feed.etag, lastModified: feed.lastModified };
    const { fetched, feed: content } = await loadFeed(fetchPolicyFor(services.config), feed.url, conditional);
    const stored = content ? await storeNewArticles(services.db, feed.id, content.articles) : { publishedAt: [], readerIds: [] };
    const recent = newestSince(recentSince, [...feed.recentPublishedAt, ...stored.publishedAt]);
    await recordSuccess(services, feed.id, now, fetched, content, recent);
    announceUnreadChanged(services, stored.readerIds);
    return { articlesAdded: stored.publishedAt.length, error: null };
  } catch (error) {
    if (!(error instanceof FeedFetchError || error instanceof FeedParseError)) throw error;
    const errorCount = feed.errorCount + 1;
    const retryAfter = error instanceof FeedFetchError ? (error.retryAfterSeconds ?? null) : null;
    await updateFeedRow(services, feed.id, {
      fetchError: error.message,
      errorCount,
      lastFetchedAt: now,
      nextFetchAt: nextFetchAfterError(now, errorCount, retryAfter),
    });
    services.log.info({ feedId: feed.id, url: feed.url, error: error.message }, 'feed refresh failed');
    return { articlesAdded: 0, error: error.message };
  }
}

/** The feed's row and the dates its schedule is paced by, in one statement. */
async function feedToRefresh(services: FeedServices, feedId: string, recentSince: Date): Promise<FeedToRefresh | undefined> {
  const [feed] = await services.db.$queryRaw<FeedToRefresh[]>`
    SELECT f.id, f.url, f.kind::text, f.etag, f."lastModified", f."errorCount",
      ARRAY(SELECT a."publishedAt" FROM "Article" a WHERE a."feedId" = f.id AND a."publishedAt" > ${recentSince}::timestamptz
            ORDER BY a."publishedAt" DESC LIMIT ${RECENT_LIMIT}) AS "recentPublishedAt"
    FROM "Feed" f WHERE f.id = ${feedId}::uuid`;
  return feed;
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
  await updateFeedRow(services, feedId, feedRowAfterFetch(now, fetched, content, recentPublishedAt));
  if (fetched.permanentUrl) await moveFeedUrl(services, feedId, fetched.permanentUrl);
}

/** Sets these columns of the feed's row (names from this module, never from input) in one plain UPDATE. */
async function updateFeedRow(services: FeedServices, feedId: string, row: Record<string, string | number | Date | null>) {
  const assignments = Object.entries(row).map(([column, value]) => Prisma.sql`${Prisma.raw(`"${column}"`)} = ${value}`);
  await services.db.$executeRaw`UPDATE "Feed" SET ${Prisma.join(assignments)} WHERE id = ${feedId}::uuid`;
}

// A permanent redirect moves the feed (RFC 9110 §15.4.2), unless another stored feed already has that URL.
async function moveFeedUrl(services: FeedServices, feedId: string, url: string) {
  const taken = await services.db.feed.findUnique({ where: { url }, select: { id: true } });
  if (taken) return;
  await services.db.feed.update({ where: { id: feedId }, data: { url } }).catch((error: unknown) => {
    services.log.warn({ feedId, url, err: error }, 'could not record the permanent redirect');
  });
}
