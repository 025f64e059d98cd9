import type { JobHelpers } from 'graphile-worker';
import { describe, expect, it, vi } from 'vitest';
import { startFeedServer } from '../../test/feedServer.ts';
import { signUp } from '../../test/server.ts';
import { createTestServices } from '../../test/services.ts';
import { enqueueDueFeedsTask } from './tasks/enqueue_due_feeds.ts';
import { createPrisma } from '../db/prisma.ts';
import { startWorker, workerTasks } from './worker.ts';

const helpers = { logger: { info: vi.fn() } } as unknown as JobHelpers; // only the logger is used

describe('feed refresh jobs', async () => {
  const feeds = await startFeedServer();
  const services = await createTestServices({ FEED_ALLOW_PRIVATE_HOSTS: 'true', WORKER_CONCURRENCY: '2' });
  const ada = await signUp(services);

  async function queuedRefreshKeys(): Promise<string[]> {
    const rows = await services.db.$queryRaw<{ key: string }[]>`
      SELECT key FROM graphile_worker.jobs WHERE task_identifier = 'refresh_feed' ORDER BY key`;
    return rows.map((row) => row.key);
  }

  it('enqueues each due, subscribed feed once, and nothing else', async () => {
    const due = await services.db.feed.create({ data: { url: feeds.url('/feed'), nextFetchAt: new Date(Date.now() - 1000) } });
    const later = await services.db.feed.create({ data: { url: feeds.url('/feed.json'), nextFetchAt: new Date(Date.now() + 3_600_000) } });
    const orphan = await services.db.feed.create({ data: { url: feeds.url('/status/404'), nextFetchAt: new Date(0) } });
    for (const feed of [due, later]) await services.db.subscription.create({ data: { userId: ada.user.id, feedId: feed.id } });

    await enqueueDueFeedsTask(services)(null, helpers);
    await enqueueDueFeedsTask(services)(null, helpers);

    expect(await queuedRefreshKeys()).toEqual([`refresh_feed:${due.id}`]);
    expect(orphan.id).toBeDefined();
  });

  it('refreshes queued feeds through the real worker', async () => {
    const runner = await startWorker(services, services.databaseUrl);
    try {
      const deadline = Date.now() + 15_000;
      while ((await queuedRefreshKeys()).length > 0) {
        if (Date.now() > deadline) throw new Error('the worker did not refresh the feed');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await runner.stop();
    }
    const feed = await services.db.feed.findUniqueOrThrow({ where: { url: feeds.url('/feed') } });
    expect(feed).toMatchObject({ title: 'Fixture feed', fetchError: null, errorCount: 0 });
    expect(feed.nextFetchAt.getTime()).toBeGreaterThan(Date.now());
    expect(await services.db.article.count({ where: { feedId: feed.id } })).toBe(1);
  });

  it("plans a refresh's statements once, on the fetches' own connections", async () => {
    const fetchDb = createPrisma(services.databaseUrl, 1, { genericPlans: true });
    try {
      const feed = await services.db.feed.create({ data: { url: feeds.url('/compressed') } });
      await services.db.subscription.create({ data: { userId: ada.user.id, feedId: feed.id } });
      const job = { attempts: 1, max_attempts: 1 };
      await workerTasks(services, fetchDb).refresh_feed!.work(
        { feedId: feed.id },
        { ...helpers, job } as unknown as JobHelpers,
        new AbortController().signal,
      );

      expect(await services.db.article.count({ where: { feedId: feed.id } })).toBeGreaterThan(0);
      const plans = await fetchDb.$queryRaw<{ custom: number; generic: number }[]>`
        SELECT coalesce(sum(custom_plans), 0)::int AS custom, coalesce(sum(generic_plans), 0)::int AS generic FROM pg_prepared_statements`;
      expect(plans).toEqual([{ custom: 0, generic: expect.any(Number) }]);
      expect(plans[0]!.generic).toBeGreaterThanOrEqual(4);
    } finally {
      await fetchDb.$disconnect();
    }
  });
});
