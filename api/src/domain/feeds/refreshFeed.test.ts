import { describe, expect, it } from 'vitest';
import { follow, newFeed, newReader } from '../../../test/articleFixtures.ts';
import { startFeedServer } from '../../../test/feedServer.ts';
import { createCountingServices } from '../../../test/statementLog.ts';
import { refreshFeed } from './refreshFeed.ts';

// The refresh path runs for every feed of the instance every few minutes: its round trips are counted at the pg
// driver (test/statementLog.ts), so that the per-feed cost measured by `npm run bench:feeds` cannot creep back up.

describe('refreshFeed statements', async () => {
  const feeds = await startFeedServer();
  const { services, log } = await createCountingServices({ FEED_ALLOW_PRIVATE_HOSTS: 'true' });
  const reader = await newReader(services);
  const feed = await newFeed(services, { url: feeds.url('/feed') });
  await follow(services, reader.id, feed.id);

  it('is 3 statements with new articles (read, store with the unread rows, update) and 2 for a 304 (read, update)', async () => {
    const full = await log.during(() => refreshFeed(services, feed.id));
    expect(full.result).toEqual({ articlesAdded: 1, error: null });
    expect(full.statements).toHaveLength(3);
    expect(await services.db.unreadArticle.count({ where: { userId: reader.id, feedId: feed.id } })).toBe(1);

    const notModified = await log.during(() => refreshFeed(services, feed.id));
    expect(notModified.result).toEqual({ articlesAdded: 0, error: null });
    expect(notModified.statements).toHaveLength(2);
    const stored = await services.db.feed.findUniqueOrThrow({ where: { id: feed.id } });
    expect(stored).toMatchObject({ title: 'Fixture feed', etag: '"fixture-v1"', fetchError: null, errorCount: 0 });
    expect(stored.nextFetchAt.getTime()).toBeGreaterThan(Date.now());
  });
});
