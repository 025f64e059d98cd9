import { describe, expect, it } from 'vitest';
import { startFeedServer } from '../../test/feedServer.ts';
import { signUp } from '../../test/server.ts';
import { createTestServices } from '../../test/services.ts';
import { startWorker } from './worker.ts';

// Short, so the test is quick, yet long enough for a loaded machine to read and inflate 10 MB before it ends.
const FETCH_TIMEOUT_SECONDS = 5;

describe('hostile feed servers through the refresh worker', async () => {
  const feeds = await startFeedServer();
  // Four slots for six jobs: the two slow feeds hold two slots for the whole time limit.
  const services = await createTestServices({
    FEED_ALLOW_PRIVATE_HOSTS: 'true',
    WORKER_CONCURRENCY: '4',
    FEED_FETCH_TIMEOUT_SECONDS: String(FETCH_TIMEOUT_SECONDS),
    // The hostile servers share the test's one host; here they stand for publishers of their own.
    FEED_FETCHES_PER_HOST: '20',
  });
  const ada = await signUp(services);

  async function queueRefresh(path: string): Promise<string> {
    const feed = await services.db.feed.create({ data: { url: feeds.url(path) } });
    await services.db.subscription.create({ data: { userId: ada.user.id, feedId: feed.id } });
    await services.jobs.add(services.db, 'refresh_feed', { feedId: feed.id }, { jobKey: `refresh_feed:${feed.id}` });
    return feed.id;
  }

  async function refreshed(feedId: string, deadline: number) {
    for (;;) {
      const feed = await services.db.feed.findUniqueOrThrow({ where: { id: feedId } });
      if (feed.lastFetchedAt) return feed;
      if (Date.now() > deadline) throw new Error(`the worker did not refresh ${feed.url}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('cuts each off at its limit, records the error on the feed, and goes on refreshing other feeds', async () => {
    const hostile = {
      '/slow-headers': 'The feed took too long to answer', // hangs before the headers
      '/trickle': 'The feed took too long to answer', // one byte a second
      '/redirect-loop': 'The feed redirects too many times',
      '/huge?bytes=5368709120': 'The feed is larger than 10 MB', // 5 GB, streamed until the reader stops
      '/gzip-bomb': 'The feed is larger than 10 MB', // 64 KB that inflate to 64 MB
    };
    await (await fetch(feeds.url('/gzip-bomb'))).arrayBuffer(); // the server builds its bomb once, not inside the time limit
    const runner = await startWorker(services, services.databaseUrl);
    try {
      const started = Date.now();
      const hostileIds = await Promise.all(Object.keys(hostile).map(queueRefresh));
      const wellBehavedId = await queueRefresh('/feed');
      const deadline = started + FETCH_TIMEOUT_SECONDS * 1000 + 15_000;

      // The well-behaved feed is not held up behind the slow ones.
      expect(await refreshed(wellBehavedId, deadline)).toMatchObject({ title: 'Fixture feed', fetchError: null });
      const outcomes = await Promise.all(hostileIds.map((id) => refreshed(id, deadline)));
      expect(Object.fromEntries(outcomes.map((feed) => [feed.url.replace(feeds.origin, ''), feed.fetchError]))).toEqual(hostile);
      for (const feed of outcomes) expect(feed.errorCount).toBe(1);
      expect(outcomes.every((feed) => feed.nextFetchAt.getTime() > Date.now())).toBe(true);
      expect(await services.db.article.count({ where: { feedId: { in: hostileIds } } })).toBe(0);
      // The slow ones ended at the time limit, not when the server gave up.
      expect(Date.now() - started).toBeLessThan(FETCH_TIMEOUT_SECONDS * 1000 + 10_000);

      // The worker is still healthy: a feed queued afterwards is refreshed promptly.
      const afterwards = await queueRefresh('/feed.json');
      expect(await refreshed(afterwards, Date.now() + 10_000)).toMatchObject({ title: 'Fixture JSON feed', fetchError: null });
      expect(await services.db.article.count({ where: { feedId: afterwards } })).toBe(1);
    } finally {
      await runner.stop();
    }
  }, 40_000);
});
