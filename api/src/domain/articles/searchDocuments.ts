import { Prisma } from '../../generated/prisma/client.ts';

type SqlClient = Pick<Prisma.TransactionClient, '$executeRaw'>;

/**
 * An article's search document, over the "Article" row `a`: its title (weight A) and the text of its content
 * (B, the tags stripped, the first 100,000 characters) in PostgreSQL's English configuration.
 */
export const SEARCH_DOCUMENT_SQL = `setweight(to_tsvector('english', a.title), 'A')
  || setweight(to_tsvector('english', left(regexp_replace(a.content, '<[^>]*>', ' ', 'g'), 100000)), 'B')`;

/** New articles become searchable: their rows of "ArticleSearch", in the transaction that stores them. */
export function addNewArticlesToSearch(db: SqlClient, articleIds: string[]): Promise<number> {
  if (articleIds.length === 0) return Promise.resolve(0);
  return db.$executeRaw`
    INSERT INTO "ArticleSearch" ("articleId", "feedId", "publishedAt", "document")
    SELECT a.id, a."feedId", a."publishedAt", ${Prisma.raw(SEARCH_DOCUMENT_SQL)} FROM "Article" a
    WHERE a.id = ANY(${articleIds}::uuid[])`;
}
