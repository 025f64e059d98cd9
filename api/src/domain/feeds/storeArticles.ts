import type { PrismaClient } from '../../db/prisma.ts';
import type { NormalisedArticle } from '../../feeds/normalise.ts';
import { addNewArticlesToReadingLists } from '../articles/readingList.ts';

/**
 * Inserts the articles the feed does not have yet and answers how many were new. Identity is (feed, guid):
 * re-fetching never duplicates, and two refreshes of one feed racing each other insert each article once
 * (INSERT … ON CONFLICT DO NOTHING). Each new article lands unread in its subscribers' lists in the same transaction.
 */
export async function storeNewArticles(db: PrismaClient, feedId: string, articles: NormalisedArticle[]): Promise<number> {
  if (articles.length === 0) return 0;
  return db.$transaction(async (tx) => {
    const created = await tx.article.createManyAndReturn({
      data: articles.map((article) => ({
        feedId,
        guid: article.guid,
        url: article.url,
        title: article.title,
        author: article.author,
        excerpt: article.excerpt,
        content: article.content,
        imageUrl: article.imageUrl,
        enclosures: article.enclosures.map((enclosure) => ({ ...enclosure })),
        commentsUrl: article.commentsUrl,
        publishedAt: article.publishedAt,
      })),
      skipDuplicates: true,
      select: { id: true },
    });
    await addNewArticlesToReadingLists(
      tx,
      created.map((article) => article.id),
    );
    return created.length;
  });
}
