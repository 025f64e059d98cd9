import type { SqlClient } from '../../db/prisma.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { Services } from '../core/services.ts';

// A feed's full articles are extracted by one job per feed (extract_full_text), which takes the feed's due rows a
// few at a time until none is left. Rows are queued where the articles are: when they arrive (storeArticles.ts), when
// a subscriber turns the setting on, and when the feed's site rules change.

/** The feed's extraction job: one waiting job per feed at most (its key); a new one replaces the waiting one. */
export async function addFeedExtractionJob(services: Pick<Services, 'jobs'>, db: SqlClient, feedId: string, runAt?: Date): Promise<void> {
  await services.jobs.add(db, 'extract_full_text', { feedId }, { jobKey: fullTextJobKey(feedId), ...(runAt && { runAt }) });
}

export const fullTextJobKey = (feedId: string) => `full-text:${feedId}`;

/**
 * Queues the feed's newest `limit` articles that have a web address: those without a full article yet, and with
 * `again` every one of them (the site rules changed), done or failed, with its attempts counted from zero. Call it
 * inside the transaction that made the change, with the job (addFeedExtractionJob).
 */
export async function queueRecentArticles(db: SqlClient, feedId: string, limit: number, { again = false } = {}): Promise<number> {
  return db.$executeRaw`
    INSERT INTO "ArticleFullText" ("articleId", "feedId")
    SELECT a.id, a."feedId" FROM "Article" a
    WHERE a."feedId" = ${feedId}::uuid AND a.url IS NOT NULL
    ORDER BY a."publishedAt" DESC, a.id DESC LIMIT ${limit}
    ON CONFLICT ("articleId") DO ${
      again
        ? Prisma.sql`UPDATE SET status = 'pending', attempts = 0, error = NULL, "nextAttemptAt" = NULL`
        : Prisma.sql`UPDATE SET status = 'pending', "nextAttemptAt" = NULL
            WHERE "ArticleFullText".status = 'failed' AND "ArticleFullText"."nextAttemptAt" IS NULL`
    }`;
}

/**
 * The part of the statement storing a feed's new articles (`stored`: their id and feedId) that queues them for
 * extraction when a subscriber of the feed always reads its full articles, and adds the feed's job when it did:
 * arrival and queueing are one statement, so a stored article is never left unqueued. `jobs` counts the jobs added
 * (it must be selected: PostgreSQL runs a plain SELECT of a WITH only when it is read).
 */
export function arrivalFullTextSql(feedId: string, stored: Prisma.Sql): { ctes: Prisma.Sql; jobs: Prisma.Sql } {
  // The job is added in SQL, as the schedule adds its refreshes (enqueue_due_feeds.ts): JobQueue.add is a statement of its own.
  return {
    ctes: Prisma.sql`full_text AS (
      INSERT INTO "ArticleFullText" ("articleId", "feedId")
      SELECT s.id, s."feedId" FROM ${stored} s
      WHERE s.url IS NOT NULL AND EXISTS (SELECT 1 FROM "Subscription" sub WHERE sub."feedId" = ${feedId}::uuid AND sub."fullText")
      RETURNING "articleId"
    ), full_text_job AS (
      SELECT graphile_worker.add_job('extract_full_text', json_build_object('feedId', ${feedId}::text), job_key := ${fullTextJobKey(feedId)})
      WHERE EXISTS (SELECT 1 FROM full_text)
    )`,
    jobs: Prisma.sql`(SELECT count(*) FROM full_text_job)::int`,
  };
}
