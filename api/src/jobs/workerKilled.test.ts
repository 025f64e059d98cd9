import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { JobHelpers } from 'graphile-worker';
import { describe, expect, it, vi } from 'vitest';
import { startFeedServer } from '../../test/feedServer.ts';
import { signUp } from '../../test/server.ts';
import { createTestServices } from '../../test/services.ts';
import { waitFor } from '../../test/socialFixtures.ts';
import { enqueueDueFeedsTask } from './tasks/enqueue_due_feeds.ts';
import { startWorker } from './worker.ts';
import { afterCaller } from '../../test/cleanup.ts';

const WORKER = fileURLToPath(new URL('../worker.ts', import.meta.url));
const helpers = { logger: { info: vi.fn() } } as unknown as JobHelpers; // only the logger is used

/** `npm run worker` as its own process over `databaseUrl`; killed outright by the test. */
function startWorkerProcess(databaseUrl: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl, FEED_ALLOW_PRIVATE_HOSTS: 'true', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const exited = once(child, 'exit');
  afterCaller(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  return { child, exited };
}

describe('a worker killed with SIGKILL in the middle of a refresh', async () => {
  const feeds = await startFeedServer();
  const services = await createTestServices({ FEED_ALLOW_PRIVATE_HOSTS: 'true' });
  const ada = await signUp(services);

  const refreshJobs = () =>
    services.db.$queryRaw<{ locked: boolean; attempts: number }[]>`
      SELECT locked_at IS NOT NULL AS locked, attempts FROM graphile_worker.jobs WHERE task_identifier = 'refresh_feed'`;
  const state = async (feedId: string) => ({
    articles: await services.db.article.count({ where: { feedId } }),
    unread: await services.db.unreadArticle.count({ where: { userId: ada.user.id, article: { feedId } } }),
  });

  it("leaves the feed due, so a scheduled pass after the refresh's budget refreshes it once more, without duplicate articles or unread rows", async () => {
    // The publisher answers after 1.5 s: the killed worker is waiting for it, mid-refresh.
    const path = '/slow-feed?ms=1500';
    const feed = await services.db.feed.create({ data: { url: feeds.url(path), nextFetchAt: new Date(Date.now() - 1000) } });
    await services.db.subscription.create({ data: { userId: ada.user.id, feedId: feed.id } });
    await enqueueDueFeedsTask(services)(null, helpers);

    const { child, exited } = startWorkerProcess(services.databaseUrl);
    expect(await waitFor(() => feeds.requestsTo(path).length > 0, 30_000)).toBe(true);
    child.kill('SIGKILL');
    await exited;

    // The killed job keeps its lock (Graphile Worker frees it after 4 hours, and refresh jobs are not retried); the
    // feed was not touched, so it is still due.
    expect(await refreshJobs()).toEqual([{ locked: true, attempts: 1 }]);
    expect(await services.db.feed.findUniqueOrThrow({ where: { id: feed.id } })).toMatchObject({ lastFetchedAt: null, errorCount: 0 });

    const runner = await startWorker(services, services.databaseUrl);
    try {
      // While the lock is younger than a refresh's budget the fan-out takes the refresh for running and leaves it;
      // once older, it is a dead worker's, and the crontab's next enqueue_due_feeds queues the feed again beside it.
      await enqueueDueFeedsTask(services)(null, helpers);
      expect(await refreshJobs()).toEqual([{ locked: true, attempts: 1 }]);
      await services.db
        .$executeRaw`UPDATE graphile_worker._private_jobs SET locked_at = now() - interval '1 hour' WHERE locked_at IS NOT NULL`;
      await enqueueDueFeedsTask(services)(null, helpers);
      const refreshed = () => services.db.feed.findUniqueOrThrow({ where: { id: feed.id } });
      expect(await waitFor(async () => (await refreshed()).lastFetchedAt !== null, 15_000)).toBe(true);
      expect(await refreshed()).toMatchObject({ title: 'Fixture feed', fetchError: null });
      expect(await state(feed.id)).toEqual({ articles: 1, unread: 1 });

      // Were the killed job to run again after all (its writes done, its completion lost), the articles are stored once.
      const firstFetch = (await refreshed()).lastFetchedAt!;
      await services.db.feed.update({ where: { id: feed.id }, data: { nextFetchAt: new Date(Date.now() - 1000) } });
      await enqueueDueFeedsTask(services)(null, helpers);
      expect(await waitFor(async () => (await refreshed()).lastFetchedAt!.getTime() > firstFetch.getTime(), 15_000)).toBe(true);
      expect(await state(feed.id)).toEqual({ articles: 1, unread: 1 });
    } finally {
      await runner.stop();
    }
  }, 60_000); // starting the worker process under tsx takes long on a loaded machine
});
