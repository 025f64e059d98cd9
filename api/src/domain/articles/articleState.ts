import { Prisma } from '../../generated/prisma/client.ts';
import type { Services, Viewer } from '../core/services.ts';
import { articleId, markAllReadQuery } from './articleQuery.ts';
import type { ArticleView } from './articleView.ts';
import { getArticle } from './listArticles.ts';
import { announceUnreadChanged } from './unreadCounts.ts';

/**
 * Marks an article read: it and its copies in the viewer's other feeds (the same story) leave the viewer's unread
 * list, and when it was read is recorded (ArticleRead) for the digests, which count reads by when they happened;
 * reading it again moves that time.
 */
export async function markArticleRead(services: Services, viewer: Viewer, id: unknown): Promise<ArticleView> {
  const article = articleId(id);
  await markArticlesRead(services, viewer, [article]);
  return getArticle(services, viewer, article);
}

/** Marks these articles read (`markArticleRead`, in one statement for all); answers how many left the unread list. */
export async function markArticlesRead(services: Services, viewer: Viewer, ids: readonly unknown[]): Promise<number> {
  const articles = [...new Set(ids.map(articleId))];
  if (articles.length === 0) return 0;
  // One statement (the read path's budget, statementCounts.test.ts): both CTEs run, whether or not they are selected.
  // It answers the feeds whose counts moved, for the live event.
  const [{ removed, feedIds }] = await services.db.$queryRaw<[{ removed: number; feedIds: string[] }]>`
    WITH removed AS (
      DELETE FROM "UnreadArticle" WHERE "userId" = ${viewer.id}::uuid AND "articleId" IN (${withCopies(articles)}) RETURNING "feedId"
    ), recorded AS (
      INSERT INTO "ArticleRead" ("userId", "articleId") SELECT ${viewer.id}::uuid, id FROM "Article" WHERE id = ANY(${articles}::uuid[])
      ON CONFLICT ("userId", "articleId") DO UPDATE SET "readAt" = EXCLUDED."readAt" RETURNING 1
    ), "readWhileHidden" AS (
      UPDATE "HiddenArticle" SET "wasUnread" = false WHERE "userId" = ${viewer.id}::uuid AND "articleId" = ANY(${articles}::uuid[]) RETURNING 1
    )
    SELECT count(*)::int AS removed, ARRAY(SELECT DISTINCT "feedId"::text FROM removed) AS "feedIds" FROM removed`;
  if (removed > 0) await announceUnreadChanged(services, [viewer.id], { feedIds });
  return removed;
}

/** The articles `ids` and every copy of their stories, as a subquery of ids. */
function withCopies(ids: string[]): Prisma.Sql {
  return Prisma.sql`
    SELECT id FROM "Article" WHERE id = ANY(${ids}::uuid[])
    UNION SELECT c.id FROM "Article" a JOIN "Article" c ON c."storyId" = a."storyId" WHERE a.id = ANY(${ids}::uuid[])`;
}

/** Marks an article unread again; only articles of the viewer's own feeds can be unread. */
export async function markArticleUnread(services: Services, viewer: Viewer, id: unknown): Promise<ArticleView> {
  const article = articleId(id);
  await markArticlesUnread(services, viewer, [article]);
  return getArticle(services, viewer, article);
}

/**
 * Marks these articles unread again (`markArticleUnread`, in one statement); answers how many were added. An article
 * the viewer's rules hide stays out of the unread list, and is unread when they no longer hide it.
 */
export async function markArticlesUnread(services: Services, viewer: Viewer, ids: readonly unknown[]): Promise<number> {
  const articles = [...new Set(ids.map(articleId))];
  if (articles.length === 0) return 0;
  // One row per article added, naming its feed: the feeds whose counts moved, for the live event.
  const added = await services.db.$queryRaw<{ feedId: string }[]>`
    WITH "unreadWhenShown" AS (
      UPDATE "HiddenArticle" SET "wasUnread" = true WHERE "userId" = ${viewer.id}::uuid AND "articleId" = ANY(${articles}::uuid[])
      RETURNING "articleId"
    )
    INSERT INTO "UnreadArticle" ("userId", "articleId", "feedId", "publishedAt")
    SELECT s."userId", a.id, a."feedId", a."publishedAt"
    FROM "Article" a JOIN "Subscription" s ON s."feedId" = a."feedId" AND s."userId" = ${viewer.id}::uuid
    WHERE a.id = ANY(${articles}::uuid[]) AND a.id NOT IN (SELECT "articleId" FROM "unreadWhenShown")
    ON CONFLICT DO NOTHING
    RETURNING "feedId"::text`;
  if (added.length > 0) await announceUnreadChanged(services, [viewer.id], { feedIds: [...new Set(added.map((row) => row.feedId))] });
  return added.length;
}

// Likes and stars are presence rows of the same shape; the table name is one of these constants, never input.
const MARK_TABLES = { like: Prisma.raw('"LikedArticle"'), star: Prisma.raw('"StarredArticle"') } as const;

async function setMark(services: Services, viewer: Viewer, id: unknown, mark: ArticleMark, on: boolean): Promise<ArticleView> {
  const article = articleId(id);
  await setMarks(services, viewer, [article], mark, on);
  return getArticle(services, viewer, article);
}

export type ArticleMark = keyof typeof MARK_TABLES;

/** Likes or stars these articles (`on`), or takes that back, in one statement. */
export async function setMarks(services: Services, viewer: Viewer, ids: readonly unknown[], mark: ArticleMark, on: boolean): Promise<void> {
  const articles = [...new Set(ids.map(articleId))];
  if (articles.length === 0) return;
  const table = MARK_TABLES[mark];
  await (on
    ? services.db.$executeRaw`
        INSERT INTO ${table} ("userId", "articleId", "feedId", "publishedAt")
        SELECT ${viewer.id}::uuid, id, "feedId", "publishedAt" FROM "Article" WHERE id = ANY(${articles}::uuid[])
        ON CONFLICT DO NOTHING`
    : services.db.$executeRaw`DELETE FROM ${table} WHERE "userId" = ${viewer.id}::uuid AND "articleId" = ANY(${articles}::uuid[])`);
}

export const likeArticle = (services: Services, viewer: Viewer, id: unknown) => setMark(services, viewer, id, 'like', true);
export const unlikeArticle = (services: Services, viewer: Viewer, id: unknown) => setMark(services, viewer, id, 'like', false);
export const starArticle = (services: Services, viewer: Viewer, id: unknown) => setMark(services, viewer, id, 'star', true);
export const unstarArticle = (services: Services, viewer: Viewer, id: unknown) => setMark(services, viewer, id, 'star', false);

/**
 * Marks every unread article of the scope read (published at or before `beforeDate` when given), and the copies
 * of their stories in the viewer's other feeds, in one statement, and answers how many of the scope's that was.
 * Everything and a folder leave the viewer's muted feeds alone, as their lists do (`muted: 'include'` for a client
 * whose lists show them, Fever's), and a muted feed's own list marks its own.
 */
export async function markAllArticlesRead(
  services: Services,
  viewer: Viewer,
  input: unknown,
  muted: 'leave out' | 'include' = 'leave out',
): Promise<{ markedCount: number }> {
  const { scope, beforeDate } = await markAllReadQuery(services, viewer, input);
  // The copies are looked for among the articles that are in a story (fenced, so read by Article("storyId") on its own
  // and hashed): joined to the removed rows instead, PostgreSQL walked every article by its key to find their stories,
  // 0.7 s of a 1.3 s mark-all-read of 110,000 articles at 1 M (npm run bench:reading).
  const [{ markedCount, copiesElsewhere }] = await services.db.$queryRaw<[{ markedCount: number; copiesElsewhere: number }]>`
    WITH removed AS (
      DELETE FROM "UnreadArticle" WHERE "userId" = ${viewer.id}::uuid
      ${scope.kind === 'feed' ? Prisma.sql`AND "feedId" = ${scope.feedId}::uuid` : Prisma.empty}
      ${scope.kind === 'folder' ? Prisma.sql`AND "feedId" IN (SELECT "feedId" FROM "Subscription" WHERE "userId" = ${viewer.id}::uuid AND "folderId" = ${scope.folderId}::uuid)` : Prisma.empty}
      ${scope.kind !== 'feed' && muted === 'leave out' ? Prisma.sql`AND "feedId" NOT IN (SELECT "feedId" FROM "Subscription" WHERE "userId" = ${viewer.id}::uuid AND muted)` : Prisma.empty}
      ${beforeDate ? Prisma.sql`AND "publishedAt" <= ${beforeDate}::timestamptz` : Prisma.empty}
      RETURNING "articleId"
    ), copies AS (
      DELETE FROM "UnreadArticle" u WHERE u."userId" = ${viewer.id}::uuid AND u."articleId" IN (
        SELECT c.id FROM removed r
        JOIN (SELECT id, "storyId" FROM "Article" WHERE "storyId" IS NOT NULL OFFSET 0) a ON a.id = r."articleId"
        JOIN "Article" c ON c."storyId" = a."storyId" AND c.id <> a.id
      ) AND u."articleId" NOT IN (SELECT "articleId" FROM removed)
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM removed)::int AS "markedCount", (SELECT count(*) FROM copies)::int AS "copiesElsewhere"`;
  if (markedCount > 0 || copiesElsewhere > 0) {
    const change =
      copiesElsewhere > 0
        ? { all: true as const }
        : scope.kind === 'feed'
          ? { feedIds: [scope.feedId] }
          : scope.kind === 'folder'
            ? { folderIds: [scope.folderId] }
            : { all: true as const };
    await announceUnreadChanged(services, [viewer.id], change);
  }
  return { markedCount };
}
