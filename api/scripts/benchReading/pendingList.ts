// The search index as a running instance has it: `Article_search_idx` keeps PostgreSQL's fastupdate, so the newest
// articles' entries wait in its pending list (merged into the index once the list passes its gin_pending_list_limit,
// 2 MB, migration 20261209090000: about 500 articles) and every scan of the index reads the whole list. A seeded
// instance builds the index after its articles, with an empty list; the list measurements run with one about half full.
import pg from 'pg';

/** The articles whose entries the pending list holds while the lists are measured. */
export const PENDING_ARTICLES = Number(process.env.BENCH_READING_PENDING ?? 250);

const SEARCH_INDEX = `'"Article_search_idx"'`;

/**
 * Runs `work` with the pending list holding the entries of `articles` copies of the newest articles, and empties it
 * afterwards. The copies are inserted in a transaction rolled back: their entries stay in the list (pointing at rows
 * no scan returns), the instance's articles are unchanged.
 */
export async function withSearchPendingList<T>(databaseUrl: string, articles: number, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`SELECT gin_clean_pending_list(${SEARCH_INDEX})`);
    if (articles > 0) {
      await client.query('BEGIN');
      try {
        // Above what the copies' entries take, so that none is merged into the index while they are added.
        await client.query(`ALTER INDEX "Article_search_idx" SET (gin_pending_list_limit = 65536)`);
        await client.query(
          `INSERT INTO "Article" (id, "feedId", guid, url, title, author, excerpt, content, "imageUrl", enclosures, "commentsUrl", "publishedAt")
          SELECT gen_random_uuid(), "feedId", guid || '-pending', url, title, author, excerpt, content, "imageUrl", enclosures, "commentsUrl", "publishedAt"
          FROM (SELECT * FROM "Article" ORDER BY "publishedAt" DESC, id DESC LIMIT $1) newest`,
          [articles],
        );
      } finally {
        // Also when the copies fail, so that the list is emptied below on a connection that still runs statements.
        await client.query('ROLLBACK');
      }
    }
    return await work();
  } finally {
    await client.query(`SELECT gin_clean_pending_list(${SEARCH_INDEX})`);
    await client.end();
  }
}
