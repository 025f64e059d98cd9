import type { SqlClient } from '../../db/prisma.ts';

// A user's reading list is the UnreadArticle rows of the feeds they subscribe to. These three statements keep
// it in step with articles and subscriptions; each runs in the transaction of the change that calls it.

/** New articles start unread for every subscriber of their feed. */
export function addNewArticlesToReadingLists(db: SqlClient, articleIds: string[]): Promise<number> {
  if (articleIds.length === 0) return Promise.resolve(0);
  return db.$executeRaw`
    INSERT INTO "UnreadArticle" ("userId", "articleId", "feedId", "publishedAt")
    SELECT s."userId", a.id, a."feedId", a."publishedAt"
    FROM "Article" a JOIN "Subscription" s ON s."feedId" = a."feedId"
    WHERE a.id = ANY(${articleIds}::uuid[])
    ON CONFLICT DO NOTHING`;
}

/** A new subscriber finds the articles the feed already has unread. */
export function addFeedToReadingList(db: SqlClient, userId: string, feedId: string): Promise<number> {
  return db.$executeRaw`
    INSERT INTO "UnreadArticle" ("userId", "articleId", "feedId", "publishedAt")
    SELECT ${userId}::uuid, a.id, a."feedId", a."publishedAt" FROM "Article" a WHERE a."feedId" = ${feedId}::uuid
    ON CONFLICT DO NOTHING`;
}

/** Leaving a feed takes its unread articles out of the list; likes and stars stay. */
export function removeFeedFromReadingList(db: SqlClient, userId: string, feedId: string): Promise<number> {
  return db.$executeRaw`DELETE FROM "UnreadArticle" WHERE "userId" = ${userId}::uuid AND "feedId" = ${feedId}::uuid`;
}
