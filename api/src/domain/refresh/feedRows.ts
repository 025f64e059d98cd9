import { batchedPer } from '../../db/batched.ts';
import type { PrismaClient } from '../../db/prisma.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { FetchResult } from '../../ingest/fetch.ts';
import { looksLikeExcerpts } from '../../ingest/excerpts.ts';
import type { NormalisedFeed } from '../../ingest/normalise.ts';
import { nextFetchAfterSuccess } from '../../ingest/schedule.ts';

// Every refresh reads its feed's row and writes it back. The refreshes a worker runs at once share these round trips
// (db/batched.ts): one statement reads or writes the rows of all the feeds that reached that step meanwhile, so a
// busy worker pays PostgreSQL's per-statement and per-commit cost once per batch, not per feed (docs/benchmarks.md).

type Db = Pick<PrismaClient, '$queryRaw' | '$executeRaw'>;

/** The schedule paces a feed by the dates of its articles of the last two weeks, the newest 50 of them. */
export const RECENT_WINDOW_MS = 14 * 24 * 60 * 60 * 1000;
export const RECENT_LIMIT = 50;

export type FeedToRefresh = {
  id: string;
  url: string;
  kind: string;
  etag: string | null;
  lastModified: string | null;
  errorCount: number;
  fetchError: string | null;
  retryAfterUntil: Date | null;
  /** Newest first, at most RECENT_LIMIT, none older than RECENT_WINDOW_MS when read. */
  recentPublishedAt: Date[];
};

const readFeeds = batchedPer((db: Db) => async (feedIds: string[]) => {
  const recentSince = new Date(Date.now() - RECENT_WINDOW_MS);
  const rows = await db.$queryRaw<FeedToRefresh[]>`
    SELECT f.id, f.url, f.kind::text, f.etag, f."lastModified", f."errorCount", f."fetchError", f."retryAfterUntil",
      ARRAY(SELECT a."publishedAt" FROM "Article" a WHERE a."feedId" = f.id AND a."publishedAt" > ${recentSince}::timestamptz
            ORDER BY a."publishedAt" DESC LIMIT ${RECENT_LIMIT}) AS "recentPublishedAt"
    FROM "Feed" f WHERE f.id = ANY(${[...new Set(feedIds)]}::uuid[])`;
  const byId = new Map(rows.map((row) => [row.id, row]));
  return feedIds.map((id) => byId.get(id));
});

/** The feed's row and the dates its schedule is paced by (undefined when there is no such feed). */
export function feedToRefresh(db: Db, feedId: string): Promise<FeedToRefresh | undefined> {
  return readFeeds(db, feedId);
}

/** The columns a refresh writes, with their SQL types. */
const COLUMN_TYPES = {
  fetchError: 'text',
  errorCount: 'integer',
  lastFetchedAt: 'timestamptz',
  lastSuccessAt: 'timestamptz',
  nextFetchAt: 'timestamptz',
  retryAfterUntil: 'timestamptz',
  etag: 'text',
  lastModified: 'text',
  title: 'text',
  description: 'text',
  siteUrl: 'text',
  sendsExcerpts: 'boolean',
} as const;

/** New values for some of a feed's columns; a column left out keeps its value. */
export type FeedRowChanges = Partial<Record<keyof typeof COLUMN_TYPES, string | number | boolean | Date | null>>;

const writeFeeds = batchedPer((db: Db) => async (updates: { feedId: string; changes: FeedRowChanges }[]) => {
  // Rows that change the same columns (every 304, every full fetch, every failure) are set by one statement.
  const byColumns = new Map<string, Record<string, unknown>[]>();
  for (const { feedId, changes } of updates) {
    const columns = Object.keys(changes).sort().join(',');
    byColumns.set(columns, [...(byColumns.get(columns) ?? []), { ...changes, id: feedId }]);
  }
  for (const [columns, rows] of byColumns) {
    const names = columns.split(',') as (keyof typeof COLUMN_TYPES)[];
    const assignments = names.map((name) => `"${name}" = v."${name}"`).join(', ');
    const types = names.map((name) => `"${name}" ${COLUMN_TYPES[name]}`).join(', ');
    await db.$executeRaw`
      UPDATE "Feed" f SET ${Prisma.raw(assignments)}
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(id uuid, ${Prisma.raw(types)})
      WHERE f.id = v.id`;
  }
  return updates.map(() => undefined);
});

/** Sets these columns of the feed's row (names from this module's list, never from input). */
export function updateFeedRow(db: Db, feedId: string, changes: FeedRowChanges): Promise<void> {
  return writeFeeds(db, { feedId, changes });
}

/**
 * A feed row's fields after a successful fetch, for the refresh that updates the row and the subscription that
 * creates it: no error, the next fetch paced by `recentPublishedAt`, a 200's validators for the next conditional
 * GET (a 304 keeps the stored ones), what the feed says about itself whenever it was read, and whether its new
 * articles look like excerpts.
 */
export function feedRowAfterFetch(now: Date, fetched: FetchResult, content: NormalisedFeed | null, recentPublishedAt: Date[]) {
  return {
    fetchError: null,
    errorCount: 0,
    retryAfterUntil: null,
    lastFetchedAt: now,
    lastSuccessAt: now,
    nextFetchAt: nextFetchAfterSuccess(now, recentPublishedAt),
    ...(fetched.status === 'ok' ? { etag: fetched.etag, lastModified: fetched.lastModified } : {}),
    ...(content ? { title: content.title, description: content.description, siteUrl: content.siteUrl } : {}),
    // Judged on the articles the fetch brought that were new; a fetch with none keeps the judgement.
    ...(content && content.articles.length > 0 ? { sendsExcerpts: looksLikeExcerpts(content.articles) } : {}),
  };
}
