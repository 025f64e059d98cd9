import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { seedPlan } from './plan.ts';
import { concurrently, seed } from './seed.ts';

/** A stand-in for a connection: each statement takes the milliseconds its text names; answers what it ran, in order. */
function fakeClient(log: string[][], running: Set<string>, overlaps: string[][]) {
  const ran: string[] = [];
  log.push(ran);
  return {
    query: async (sql: string) => {
      running.add(sql);
      if (running.size > 1) overlaps.push([...running]);
      await new Promise((resolve) => setTimeout(resolve, Number(sql.split(' ')[1])));
      running.delete(sql);
      ran.push(sql);
    },
  } as unknown as pg.Client;
}

describe('running the seed’s statements on two connections', () => {
  it('runs each statement once, each connection taking the next as it finishes', async () => {
    const log: string[][] = [];
    const running = new Set<string>();
    const overlaps: string[][] = [];
    const clients = [fakeClient(log, running, overlaps), fakeClient(log, running, overlaps)];
    const timed: string[] = [];
    await concurrently(clients, ['long 60', 'short 5', 'short 6', 'short 7'], (sql) => timed.push(sql));
    // The long statement keeps the first connection; the second takes the three short ones meanwhile.
    expect(log).toEqual([['long 60'], ['short 5', 'short 6', 'short 7']]);
    expect(timed.sort()).toEqual(['long 60', 'short 5', 'short 6', 'short 7']);
    expect(overlaps.length).toBeGreaterThan(0);
  });

  it('fails with the statement that failed', async () => {
    const failing = { query: async () => Promise.reject(new Error('syntax error')) } as unknown as pg.Client;
    await expect(concurrently([failing], ['SELECT'])).rejects.toThrow('syntax error');
  });
});

/** The schema's keys, foreign keys (checked or not, of a partition or not), indexes and triggers, as text. */
async function schemaOf(databaseUrl: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const queries = [
      `SELECT conrelid::regclass::text AS table, conname, contype, pg_get_constraintdef(oid) AS definition, convalidated,
         conparentid <> 0 AS of_partition
       FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2`,
      `SELECT c.relname, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relnamespace = 'public'::regnamespace ORDER BY 1`,
      `SELECT tgrelid::regclass::text AS table, tgname, tgenabled FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1, 2`,
    ];
    return await Promise.all(queries.map(async (sql) => (await client.query(sql)).rows));
  } finally {
    await client.end();
  }
}

describe('the seed of the reading benchmark', () => {
  it(
    'leaves the migrated schema (every key, foreign key, index and trigger it took down is back) and each article the search vector its trigger would compute',
    { timeout: 180_000 },
    async () => {
      const [seeded, migrated] = await Promise.all([createTestDatabase(), createTestDatabase()]);
      const plan = seedPlan('1m', 0.001);
      await seed(seeded, plan, () => {});
      expect(await schemaOf(seeded)).toEqual(await schemaOf(migrated));
      const client = new pg.Client({ connectionString: seeded });
      await client.connect();
      const { rows } = await client.query<{
        articles: number;
        counted: number;
        likes: number;
        likesCounted: number;
        likesAmiss: number;
        vectorsAmiss: number;
      }>(
        `SELECT (SELECT count(*) FROM "Article")::int AS articles,
                (SELECT count(*) FROM "Article" WHERE "searchVector" IS DISTINCT FROM article_search_vector(title, content))::int AS "vectorsAmiss", (SELECT sum(count) FROM "FeedArticleCount")::int AS counted,
                (SELECT count(*) FROM "LikedArticle")::int AS likes, (SELECT sum(count) FROM "ArticleLikeCount")::int AS "likesCounted",
                (SELECT count(*) FROM "ArticleLikeCount" c
                 WHERE c.count <> (SELECT count(*) FROM "LikedArticle" l WHERE l."articleId" = c."articleId"))::int AS "likesAmiss"`,
      );
      await client.end();
      expect(rows[0]).toMatchObject({ articles: plan.articles, counted: plan.articles, likesAmiss: 0, vectorsAmiss: 0 });
      expect(rows[0]!.likes).toBeGreaterThan(0);
      expect(rows[0]!.likesCounted).toBe(rows[0]!.likes);
    },
  );
});
