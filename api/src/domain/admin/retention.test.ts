import { describe, expect, it } from 'vitest';
import { newFeed, newReader } from '../../../test/articleFixtures.ts';
import { createTestServices } from '../../../test/services.ts';
import { RETENTION_BATCH, runRetention } from './retention.ts';

const services = await createTestServices();

describe('runRetention', () => {
  it('walks the old articles once, oldest first: the kept ones ahead of the others do not hold the pass back', async () => {
    const reader = await newReader(services);
    const feed = await newFeed(services);
    const old = 2 * RETENTION_BATCH + RETENTION_BATCH / 2;
    const kept = RETENTION_BATCH + RETENTION_BATCH / 5;
    // Straight into the tables: a year old, one a minute, the oldest `kept` of them starred by the reader.
    await services.db.$executeRaw`
      INSERT INTO "Article" (id, "feedId", guid, title, "publishedAt")
      SELECT gen_random_uuid(), ${feed.id}::uuid, 'old-' || i, 'Old ' || i, now() - interval '400 days' + i * interval '1 minute'
      FROM generate_series(1, ${old}) i`;
    await services.db.$executeRaw`
      INSERT INTO "StarredArticle" ("userId", "articleId", "feedId", "publishedAt")
      SELECT ${reader.id}::uuid, id, "feedId", "publishedAt" FROM "Article" WHERE "feedId" = ${feed.id}::uuid
      ORDER BY "publishedAt" LIMIT ${kept}`;
    await services.db.instanceConfig.update({ where: { id: 1 }, data: { retentionDays: 30, retentionKeepPerFeed: 0 } });

    // The last article each batch should read: the 1,000th, 2,000th and last of the old ones.
    const lastRead = await services.db.article.findMany({
      where: { feedId: feed.id, guid: { in: [RETENTION_BATCH, 2 * RETENTION_BATCH, old].map((i) => `old-${i}`) } },
      orderBy: { publishedAt: 'asc' },
      select: { publishedAt: true },
    });
    const batches: number[] = [];
    const reached: Date[] = [];
    const outcome = await runRetention(services, {
      onBatch: async ({ deleted, reachedAt }) => void (batches.push(deleted), reached.push(reachedAt)),
    });

    // Each batch reads the next RETENTION_BATCH old articles after the last one's: the first is all kept, and no
    // batch reads a kept article again.
    expect(batches).toEqual([0, RETENTION_BATCH - (kept % RETENTION_BATCH), RETENTION_BATCH / 2]);
    expect(outcome).toMatchObject({ deleted: old - kept, batches: 3 });
    // Each batch tells how far the pass has read: the publication date of the last article of its window.
    expect(reached).toEqual(lastRead.map((a) => a.publishedAt));
    const left = await services.db.article.findMany({ where: { feedId: feed.id }, select: { guid: true } });
    expect(left).toHaveLength(kept);
    expect(new Set(left.map((a) => Number(a.guid.slice('old-'.length))))).toEqual(new Set(Array.from({ length: kept }, (_, i) => i + 1)));
  });
});
