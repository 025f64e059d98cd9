import { Prisma } from '../../generated/prisma/client.ts';
import type { SqlClient } from '../../db/prisma.ts';

// A user's reading list is the UnreadArticle rows of the feeds they subscribe to. These three statements keep
// it in step with articles and subscriptions; each runs in the transaction (or the statement) of the change that calls it.

/**
 * New articles start unread for every subscriber of their feed: the INSERT for a relation of just-stored articles
 * (`id`, `feedId`, `publishedAt`), to run in the statement that stores them. It answers the subscribers' ids.
 */
export function unreadRowsForNewArticles(articles: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO "UnreadArticle" ("userId", "articleId", "feedId", "publishedAt")
    SELECT s."userId", a.id, a."feedId", a."publishedAt"
    FROM ${articles} a JOIN "Subscription" s ON s."feedId" = a."feedId"
    ON CONFLICT DO NOTHING
    RETURNING "userId"`;
}

/** A new subscriber finds the articles the feed already has unread. */
export function addFeedToReadingList(db: SqlClient, userId: string, feedId: string): Promise<number> {
  return db.$executeRaw`
    INSERT INTO "UnreadArticle" ("userId", "articleId", "feedId", "publishedAt")
    SELECT ${userId}::uuid, a.id, a."feedId", a."publishedAt" FROM "Article" a WHERE a."feedId" = ${feedId}::uuid
    ON CONFLICT DO NOTHING`;
}

/**
 * Leaving a feed takes its unread articles out of the list, and forgets what the leaver's rules hid of it (subscribing
 * again applies them again); likes and stars stay.
 */
export function removeFeedFromReadingList(db: SqlClient, userId: string, feedId: string): Promise<number> {
  return db.$executeRaw`
    WITH forgotten AS (DELETE FROM "HiddenArticle" WHERE "userId" = ${userId}::uuid AND "feedId" = ${feedId}::uuid)
    DELETE FROM "UnreadArticle" WHERE "userId" = ${userId}::uuid AND "feedId" = ${feedId}::uuid`;
}
