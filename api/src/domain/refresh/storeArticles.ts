import { batchedPer } from '../../db/batched.ts';
import { FOREIGN_KEY_CHECKS_PLANNED_ONCE } from '../../db/foreignKeyChecks.ts';
import { type PrismaClient, queryRows } from '../../db/prisma.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { uuidv7 } from '../../db/uuidv7.ts';
import type { NormalisedArticle } from '../../ingest/normalise.ts';
import { unreadRowsForNewArticles } from '../articles/readingList.ts';
import { arrivalStoryKeys, joinStories, storyCandidateOf, storyKeyRowsSql } from '../stories/joinStories.ts';
import { applyRulesToArrivals, arrivalRulesSql, type ArrivalRuleRow } from '../rules/applyRules.ts';
import { arrivalFullTextSql } from '../fullText/fullTextQueue.ts';

/** What storing did: the publication dates of the articles that were new, and the users whose unread lists grew. */
export type StoredArticles = { publishedAt: Date[]; readerIds: string[] };

type StoredRows = StoredArticles & { ids: string[]; guids: string[]; rules: ArrivalRuleRow[]; fullTextJobs: number; planCacheMode: string };

/**
 * Inserts the articles the feed does not have yet. Identity is (feed, guid): re-fetching never duplicates, and two
 * refreshes of one feed racing each other insert each article once (INSERT … ON CONFLICT DO NOTHING). Each new
 * article lands unread in its subscribers' lists. One statement does it all, however many articles and subscribers:
 * it is atomic on its own, and a refresh pays one round trip for it (docs/benchmarks.md); it stores their story
 * keys too, queues them for full-article extraction when a subscriber asks for it (fullText/fullTextQueue.ts), and reads
 * the subscribers' rules that cover the feed, which act on the new articles in one more
 * statement when there are any (rules/applyRules.ts). The new articles are then matched to the copies other feeds have of their stories (joinStories): one
 * more statement, and one per article that joins a story.
 */
export async function storeNewArticles(
  db: Pick<PrismaClient, '$queryRaw' | '$executeRaw'>,
  feedId: string,
  articles: NormalisedArticle[],
): Promise<StoredArticles> {
  if (articles.length === 0) return { publishedAt: [], readerIds: [] };
  const now = Date.now();
  const candidates = articles.map((article) => storyCandidateOf(feedId, article));
  const keys = candidates.map((candidate) => arrivalStoryKeys(candidate, now));
  const column = <T>(pick: (article: NormalisedArticle) => T) => articles.map(pick);
  const fullText = arrivalFullTextSql(feedId, Prisma.sql`stored`);
  const [stored] = await queryRows<StoredRows>(
    db,
    Prisma.sql`
    WITH stored AS (
      INSERT INTO "Article" (id, "feedId", guid, url, title, author, excerpt, content, "imageUrl", enclosures, "commentsUrl", "publishedAt")
      SELECT id, ${feedId}::uuid, guid, url, title, author, excerpt, content, "imageUrl", enclosures::jsonb, "commentsUrl", "publishedAt"
      FROM unnest(
        ${column(() => uuidv7(now))}::uuid[], ${column((a) => a.guid)}::text[], ${column((a) => a.url)}::text[],
        ${column((a) => a.title)}::text[], ${column((a) => a.author)}::text[], ${column((a) => a.excerpt)}::text[],
        ${column((a) => a.content)}::text[], ${column((a) => a.imageUrl)}::text[], ${column((a) => JSON.stringify(a.enclosures))}::text[],
        ${column((a) => a.commentsUrl)}::text[], ${column((a) => a.publishedAt.toISOString())}::timestamptz[]
      ) AS input (id, guid, url, title, author, excerpt, content, "imageUrl", enclosures, "commentsUrl", "publishedAt")
      ON CONFLICT ("feedId", guid) DO NOTHING
      RETURNING id, "feedId", guid, url, "publishedAt"
    ), unread AS (${unreadRowsForNewArticles(Prisma.sql`stored`)}),
    story_keys AS (${storyKeyRowsSql(feedId, Prisma.sql`stored`, articles, keys)}),
    ${fullText.ctes}
    SELECT ARRAY(SELECT "publishedAt" FROM stored) AS "publishedAt", ARRAY(SELECT DISTINCT "userId" FROM unread) AS "readerIds",
      ARRAY(SELECT id::text FROM stored) AS ids, ARRAY(SELECT guid FROM stored) AS guids,
      (${arrivalRulesSql(feedId, Prisma.sql`stored`)}) AS rules, ${fullText.jobs} AS "fullTextJobs",
      ${FOREIGN_KEY_CHECKS_PLANNED_ONCE} AS "planCacheMode"`,
  );
  const { ids, guids, rules, fullTextJobs: _queued, planCacheMode: _mode, ...outcome } = stored!;
  const position = new Map(articles.map((article, i) => [article.guid, i]));
  await applyRulesToArrivals(
    db,
    feedId,
    ids.map((id, i) => ({ id, ...articles[position.get(guids[i]!)!]! })),
    rules,
  );
  await joinStories(
    db,
    feedId,
    ids.map((id, i) => {
      const at = position.get(guids[i]!)!;
      return { id, candidate: candidates[at]!, keys: keys[at]! };
    }),
  );
  return outcome;
}

const findStoredGuids = batchedPer((db: Pick<PrismaClient, '$queryRaw'>) => async (asked: { feedId: string; guids: string[] }[]) => {
  const feedIds = asked.flatMap(({ feedId, guids }) => guids.map(() => feedId));
  const rows = await db.$queryRaw<{ feedId: string; guid: string }[]>`
      SELECT a."feedId", a.guid FROM "Article" a
      JOIN unnest(${feedIds}::uuid[], ${asked.flatMap(({ guids }) => guids)}::text[]) AS wanted ("feedId", guid)
        ON a."feedId" = wanted."feedId" AND a.guid = wanted.guid`;
  return asked.map(({ feedId }) => new Set(rows.filter((row) => row.feedId === feedId).map((row) => row.guid)));
});

/**
 * Which of these guids the feed's stored articles have: a refresh normalises only the others. The refreshes running
 * at once ask in one statement (db/batched.ts), an index probe per guid.
 */
export function storedGuids(db: Pick<PrismaClient, '$queryRaw'>, feedId: string, guids: string[]): Promise<ReadonlySet<string>> {
  if (guids.length === 0) return Promise.resolve(new Set());
  return findStoredGuids(db, { feedId, guids });
}
