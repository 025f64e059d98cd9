import type { PrismaClient } from '../../db/prisma.ts';
import { feedAddressIsPublicSql, publicFeedAddress } from '../access/feedAddress.ts';
import { TOPIC_ARTICLES_MAX, type WeekArticle } from './personalActivity.ts';

export type SharedArticle = { id: string; title: string; feedTitle: string; shares: number };
/** A feed first added in the week; `url` is its public address (every reader of the instance digest sees it). */
export type NewFeed = { feedId: string; title: string; url: string; subscribers: number };

export type InstanceActivity = {
  counts: { totalReads: number; totalShares: number; activeUsers: number };
  mostShared: SharedArticle[];
  newFeeds: NewFeed[];
  articles: WeekArticle[];
};

const MOST_SHARED_MAX = 5;
const NEW_FEEDS_MAX = 10;
const TOPIC_TEXT_CHARS = 3000;

/** Periods whose figures a process keeps: a week's fan-out asks every instance-digest reader for the same one. */
const KEPT_PERIODS = 4;
const keptActivity = new WeakMap<PrismaClient, Map<string, Promise<InstanceActivity>>>();

/**
 * `instanceActivity` of a period, computed once per process and database: the scheduled digests of a week all end at
 * the same instant, so a thousand readers of the instance digest cost one set of queries, not a thousand. A failed
 * computation is forgotten so that the job's retry computes it again.
 */
export function sharedInstanceActivity(db: PrismaClient, start: Date, end: Date): Promise<InstanceActivity> {
  const periods = keptActivity.get(db) ?? new Map<string, Promise<InstanceActivity>>();
  keptActivity.set(db, periods);
  const key = `${start.toISOString()}/${end.toISOString()}`;
  const kept = periods.get(key);
  if (kept) return kept;
  const computing = instanceActivity(db, start, end).catch((error: unknown) => {
    periods.delete(key);
    throw error;
  });
  periods.set(key, computing);
  if (periods.size > KEPT_PERIODS) periods.delete(periods.keys().next().value!);
  return computing;
}

/**
 * The instance's week [start, end): reads and shares; active users (anyone who read, liked, starred, shared or
 * commented); the most shared articles; feeds first added; and the most read and shared articles, for its topics.
 */
export async function instanceActivity(db: PrismaClient, start: Date, end: Date): Promise<InstanceActivity> {
  const [[counts], mostShared, newFeeds, articles] = await Promise.all([
    db.$queryRaw<InstanceActivity['counts'][]>`
      SELECT
        (SELECT count(*)::int FROM "ArticleRead" WHERE "readAt" >= ${start} AND "readAt" < ${end}) AS "totalReads",
        (SELECT count(*)::int FROM "Share" WHERE "createdAt" >= ${start} AND "createdAt" < ${end}) AS "totalShares",
        (SELECT count(DISTINCT "userId")::int FROM (
          SELECT "userId" FROM "ArticleRead" WHERE "readAt" >= ${start} AND "readAt" < ${end}
          UNION ALL SELECT "userId" FROM "LikedArticle" WHERE "createdAt" >= ${start} AND "createdAt" < ${end}
          UNION ALL SELECT "userId" FROM "StarredArticle" WHERE "createdAt" >= ${start} AND "createdAt" < ${end}
          UNION ALL SELECT "userId" FROM "Share" WHERE "createdAt" >= ${start} AND "createdAt" < ${end}
          UNION ALL SELECT "userId" FROM "Comment" WHERE "createdAt" >= ${start} AND "createdAt" < ${end}
        ) active) AS "activeUsers"`,
    db.$queryRaw<SharedArticle[]>`
      SELECT a.id, a.title, f.title AS "feedTitle", count(*)::int AS shares
      FROM "Share" s JOIN "Article" a ON a.id = s."articleId" JOIN "Feed" f ON f.id = a."feedId"
      WHERE s."createdAt" >= ${start} AND s."createdAt" < ${end}
      GROUP BY a.id, f.title ORDER BY shares DESC, a.id LIMIT ${MOST_SHARED_MAX}`,
    db.$queryRaw<NewFeed[]>`
      SELECT f.id AS "feedId", f.title, f.url, count(s.id)::int AS subscribers
      FROM "Feed" f LEFT JOIN "Subscription" s ON s."feedId" = f.id
      WHERE f."createdAt" >= ${start} AND f."createdAt" < ${end} AND f.kind = 'feed' AND ${feedAddressIsPublicSql('f')}
      GROUP BY f.id ORDER BY subscribers DESC, f.title, f.id LIMIT ${NEW_FEEDS_MAX}`,
    db.$queryRaw<WeekArticle[]>`
      WITH engaged AS (
        SELECT "articleId", count(*) AS n FROM (
          SELECT "articleId" FROM "ArticleRead" WHERE "readAt" >= ${start} AND "readAt" < ${end}
          UNION ALL SELECT "articleId" FROM "Share" WHERE "createdAt" >= ${start} AND "createdAt" < ${end}
        ) touched GROUP BY "articleId" ORDER BY n DESC, "articleId" LIMIT ${TOPIC_ARTICLES_MAX}
      )
      SELECT a.id, a.title, a."feedId", f.title AS "feedTitle", left(a.excerpt || ' ' || a.content, ${TOPIC_TEXT_CHARS}) AS text
      FROM engaged JOIN "Article" a ON a.id = engaged."articleId" JOIN "Feed" f ON f.id = a."feedId"
      ORDER BY engaged.n DESC, a.id`,
  ]);
  return { counts: counts!, mostShared, newFeeds: newFeeds.map((feed) => ({ ...feed, url: publicFeedAddress(feed.url) })), articles };
}
