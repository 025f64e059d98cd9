import { Prisma } from '../../generated/prisma/client.ts';
import { publicFeedAddress } from '../access/feedAddress.ts';
import type { Services } from '../core/services.ts';

/**
 * The figures of the admin panel's Statistics and Analytics tabs, one statement each, so that each can be timed on
 * the 1 M-article instance (`npm run bench:admin`, docs/benchmarks.md). Each answers in milliseconds there.
 */

type Db = Services['db'];

/** Lists on the admin panel show at most this many rows. */
export const ADMIN_LIST_SIZE = 5;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment `days` days ago. */
export function daysAgo(days: number, now = new Date()): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

// Below this many rows (by the planner's estimate) a table is counted exactly: a few milliseconds. Above it, the
// estimate is the figure: counting a million rows exactly takes a second or more, and a total on a dashboard need not
// be exact to the row.
export const EXACT_COUNT_BELOW = 50_000;

type CountedTable = 'User' | 'Feed' | 'Article' | 'Subscription' | 'Share' | 'Comment';

/**
 * How many rows a table holds: exact on small instances, the planner's estimate on large ones. The estimate is
 * computed as the planner does (rows per page as of the last ANALYZE, times the table's pages now), so it follows
 * growth between ANALYZEs.
 */
export async function tableCount(db: Db, table: CountedTable): Promise<number> {
  const name = Prisma.raw(`"${table}"`); // one of CountedTable's names, never input
  // One round trip: the exact count (the ELSE branch) runs only when the estimate is small or unknown.
  const [row] = await db.$queryRaw<{ count: number }[]>`
    SELECT CASE WHEN e.estimate >= ${EXACT_COUNT_BELOW} THEN e.estimate ELSE (SELECT count(*) FROM ${name})::float8 END AS count
    FROM (SELECT CASE WHEN c.reltuples < 0 OR c.relpages = 0 THEN -1
            ELSE round(c.reltuples / c.relpages * (pg_relation_size(c.oid) / current_setting('block_size')::int))::float8 END AS estimate
          FROM pg_class c WHERE c.oid = ${`"${table}"`}::regclass) e`;
  return row!.count;
}

// Activity is use of the app: a session or an API token used since then. Sessions record their use every few
// minutes (sessions.ts); signing out deletes the session, so someone who signed out counts from their next visit.
const lastActivity = (since: Date | null) => Prisma.sql`
  SELECT "userId", "lastUsedAt" FROM "Session" ${since ? Prisma.sql`WHERE "lastUsedAt" >= ${since}` : Prisma.empty}
  UNION ALL
  SELECT "userId", "lastUsedAt" FROM "ApiToken" WHERE "lastUsedAt" IS NOT NULL ${since ? Prisma.sql`AND "lastUsedAt" >= ${since}` : Prisma.empty}`;

/** Users who used the app (a session or an API token) since `since`. */
export async function activeUserCount(db: Db, since: Date): Promise<number> {
  const [row] = await db.$queryRaw<{ count: number }[]>`SELECT count(DISTINCT "userId")::int AS count FROM (${lastActivity(since)}) a`;
  return row!.count;
}

export type RecentUser = { id: string; username: string; displayName: string | null; avatarUrl: string | null; lastActiveAt: Date };

/** The users who used the app most recently, latest first. */
export async function recentlyActiveUsers(db: Db): Promise<RecentUser[]> {
  return db.$queryRaw<RecentUser[]>`
    SELECT u.id, u.username::text AS username, u."displayName", u."avatarUrl", a."lastActiveAt"
    FROM (SELECT "userId", max("lastUsedAt") AS "lastActiveAt" FROM (${lastActivity(null)}) x
          GROUP BY "userId" ORDER BY 2 DESC, "userId" LIMIT ${ADMIN_LIST_SIZE}) a
    JOIN "User" u ON u.id = a."userId"
    ORDER BY a."lastActiveAt" DESC, u.id`;
}

/** Accounts created since `since` (User has an index on createdAt). */
export async function newUserCount(db: Db, since: Date): Promise<number> {
  return db.user.count({ where: { createdAt: { gte: since } } });
}

/** Feeds whose last fetch failed (the admin's "Error" state). */
export async function brokenFeedCount(db: Db): Promise<number> {
  return db.feed.count({ where: { fetchError: { not: null } } });
}

/**
 * The feed lists below show each feed's public address (publicFeedAddress): administrators see its host and path,
 * never the credentials or token a subscriber put in it.
 */
function withPublicAddress<T extends { url: string }>(feed: T): T {
  return { ...feed, url: publicFeedAddress(feed.url) };
}

export type BrokenFeed = { id: string; title: string; url: string; error: string; lastFetchedAt: Date | null };

/** The broken feeds fetched most recently. */
export async function brokenFeeds(db: Db): Promise<BrokenFeed[]> {
  const feeds = await db.feed.findMany({
    where: { fetchError: { not: null } },
    orderBy: [{ lastFetchedAt: { sort: 'desc', nulls: 'last' } }, { id: 'asc' }],
    take: ADMIN_LIST_SIZE,
    select: { id: true, title: true, url: true, fetchError: true, lastFetchedAt: true },
  });
  return feeds.map(({ fetchError, ...feed }) => withPublicAddress({ ...feed, error: fetchError! }));
}

export type PopularFeed = { id: string; title: string; url: string; subscriberCount: number };

/** The feeds with the most subscribers: the first rows of FeedSubscriberCount's index (kept by triggers). */
export async function popularFeeds(db: Db): Promise<PopularFeed[]> {
  const feeds = await db.$queryRaw<PopularFeed[]>`
    SELECT f.id, f.title, f.url, c."count" AS "subscriberCount"
    FROM "FeedSubscriberCount" c JOIN "Feed" f ON f.id = c."feedId"
    WHERE c."count" > 0
    ORDER BY c."count" DESC, c."feedId"
    LIMIT ${ADMIN_LIST_SIZE}`;
  return feeds.map(withPublicAddress);
}

/** Shares or comments created since `since`. */
export async function createdSinceCount(db: Db, table: 'Share' | 'Comment', since: Date): Promise<number> {
  const [row] = await db.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS count FROM ${Prisma.raw(`"${table}"`)} WHERE "createdAt" >= ${since}`;
  return row!.count;
}

export type WeakSignal = PopularFeed & { sharesLastWeek: number; commentsLastWeek: number };

/**
 * Weak signals: feeds that at most one reader subscribes to, yet whose articles were shared or commented on in the
 * last week, most engagement first. Something a few people are talking about that most of the instance does not
 * read yet: a feed worth suggesting. (Pages shared with the bookmarklet are left out: they are nobody's feed.)
 */
export async function weakSignals(db: Db, since: Date): Promise<WeakSignal[]> {
  const feeds = await db.$queryRaw<WeakSignal[]>`
    SELECT f.id, f.title, f.url, coalesce(c."count", 0) AS "subscriberCount", e.shares AS "sharesLastWeek", e.comments AS "commentsLastWeek"
    FROM (SELECT a."feedId", count(*) FILTER (WHERE r.kind = 's')::int AS shares, count(*) FILTER (WHERE r.kind = 'c')::int AS comments
          FROM (SELECT "articleId", 's' AS kind FROM "Share" WHERE "createdAt" >= ${since}
                UNION ALL
                SELECT "articleId", 'c' FROM "Comment" WHERE "createdAt" >= ${since}) r
          JOIN "Article" a ON a.id = r."articleId"
          GROUP BY a."feedId") e
    JOIN "Feed" f ON f.id = e."feedId" AND f.kind = 'feed'
    LEFT JOIN "FeedSubscriberCount" c ON c."feedId" = f.id
    WHERE coalesce(c."count", 0) <= 1
    ORDER BY e.shares + e.comments DESC, f.id
    LIMIT ${ADMIN_LIST_SIZE}`;
  return feeds.map(withPublicAddress);
}
