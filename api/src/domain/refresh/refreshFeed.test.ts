import { describe, expect, it } from 'vitest';
import { follow, newFeed, newReader } from '../../../test/articleFixtures.ts';
import { startFeedServer } from '../../../test/feedServer.ts';
import { createCountingServices } from '../../../test/statementLog.ts';
import { updateFeedRow } from './feedRows.ts';
import { refreshFeed } from './refreshFeed.ts';

// The refresh path runs for every feed of the instance every few minutes: its round trips are counted at the pg
// driver (test/statementLog.ts), so that the per-feed cost measured by `npm run bench:feeds` cannot creep back up.

describe('refreshFeed statements', async () => {
  const feeds = await startFeedServer();
  // Every fixture feed is on one host: enough fetch slots that none waits for another.
  const { services, log } = await createCountingServices({ FEED_ALLOW_PRIVATE_HOSTS: 'true', FEED_FETCHES_PER_HOST: '20' });
  const reader = await newReader(services);
  const feed = await newFeed(services, { url: feeds.url('/feed') });
  await follow(services, reader.id, feed.id);

  it('is 8 statements with new articles (read, slot, stored guids, store with the unread rows and story keys, the stories’ candidates, slot, update, the subscribers’ counts for the live event) and 4 for a 304', async () => {
    const full = await log.during(() => refreshFeed(services, feed.id));
    expect(full.result).toEqual({ articlesAdded: 1, error: null });
    expect(full.statements).toHaveLength(8);
    expect(await services.db.unreadArticle.count({ where: { userId: reader.id, feedId: feed.id } })).toBe(1);

    const notModified = await log.during(() => refreshFeed(services, feed.id));
    expect(notModified.result).toEqual({ articlesAdded: 0, error: null });
    expect(notModified.statements).toHaveLength(4);
    const stored = await services.db.feed.findUniqueOrThrow({ where: { id: feed.id } });
    expect(stored).toMatchObject({ title: 'Fixture feed', etag: '"fixture-v1"', fetchError: null, errorCount: 0 });
    expect(stored.nextFetchAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('normalises and stores nothing when a 200 repeats the articles the feed has: 5 statements (read, slot, stored guids, slot, update)', async () => {
    const repeating = await newFeed(services, { url: feeds.url('/fixtures/rss2-full.xml') });
    await follow(services, reader.id, repeating.id);
    const first = await refreshFeed(services, repeating.id);
    expect(first.articlesAdded).toBeGreaterThan(1);

    const again = await log.during(() => refreshFeed(services, repeating.id));
    expect(again.result).toEqual({ articlesAdded: 0, error: null });
    expect(again.statements).toHaveLength(5);
    expect(again.statements.some((sql) => sql.includes('INSERT INTO "Article"'))).toBe(false);
    expect(await services.db.article.count({ where: { feedId: repeating.id } })).toBe(first.articlesAdded);
  });

  it('reads the feeds of refreshes started at once in one statement', async () => {
    const others = [
      await newFeed(services, { url: feeds.url('/feed?copy=1') }),
      await newFeed(services, { url: feeds.url('/feed?copy=2') }),
    ];
    for (const other of others) await follow(services, reader.id, other.id);
    await Promise.all(others.map((other) => refreshFeed(services, other.id)));

    const together = await log.during(() => Promise.all([feed, ...others].map((each) => refreshFeed(services, each.id))));
    expect(together.result).toEqual([0, 1, 2].map(() => ({ articlesAdded: 0, error: null })));
    expect(together.statements.filter((sql) => sql.includes('SELECT f.id'))).toHaveLength(1);
    expect(together.statements.filter((sql) => sql.includes('INSERT INTO "Lease"'))).toHaveLength(1);
    // The releases and the updates share a statement when the answers arrive while one runs: one to three of each.
    expect(together.statements.length).toBeLessThanOrEqual(8);
  });

  it('writes the rows given in one tick with one statement per set of columns, a column left out keeping its value', async () => {
    const rows = await Promise.all([1, 2, 3].map((n) => newFeed(services, { url: feeds.url(`/feed?row=${n}`) })));
    await services.db.feed.updateMany({ where: { id: { in: rows.map((row) => row.id) } }, data: { etag: '"old"' } });
    const fetchedAt = new Date('2026-11-27T10:00:00.000Z');
    const written = await log.during(() =>
      Promise.all([
        updateFeedRow(services.db, rows[0]!.id, { fetchError: null, errorCount: 0, lastFetchedAt: fetchedAt, etag: '"a"' }),
        updateFeedRow(services.db, rows[1]!.id, { fetchError: null, errorCount: 0, lastFetchedAt: fetchedAt, etag: null }),
        updateFeedRow(services.db, rows[2]!.id, { fetchError: 'The feed answered 500', errorCount: 3, lastFetchedAt: fetchedAt }),
      ]),
    );
    expect(written.statements).toHaveLength(2);
    const stored = await services.db.feed.findMany({ where: { id: { in: rows.map((row) => row.id) } }, orderBy: { url: 'asc' } });
    expect(
      stored.map(({ etag, fetchError, errorCount, lastFetchedAt, title }) => ({ etag, fetchError, errorCount, lastFetchedAt, title })),
    ).toEqual([
      { etag: '"a"', fetchError: null, errorCount: 0, lastFetchedAt: fetchedAt, title: rows[0]!.title },
      { etag: null, fetchError: null, errorCount: 0, lastFetchedAt: fetchedAt, title: rows[1]!.title },
      { etag: '"old"', fetchError: 'The feed answered 500', errorCount: 3, lastFetchedAt: fetchedAt, title: rows[2]!.title },
    ]);
  });
});
