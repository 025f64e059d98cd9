import type { JobHelpers } from 'graphile-worker';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signUp } from '../../test/server.ts';
import { createTestServices } from '../../test/services.ts';
import { CONTINUE_AFTER_SECONDS, enqueueDueFeedsTask, WAITS_FOR_SUBSCRIBER } from './tasks/enqueue_due_feeds.ts';

const helpers = { logger: { info: vi.fn() } } as unknown as JobHelpers; // only the logger is used
const MINUTE = 60_000;

describe('the fan-out of due feeds', async () => {
  const services = await createTestServices();
  const ada = await signUp(services);
  const fanOut = enqueueDueFeedsTask(services, { maxQueued: 3 });

  /** A subscribed feed due `minutesAgo` minutes ago (in the future when negative). */
  async function feedDue(name: string, minutesAgo: number): Promise<string> {
    const feed = await services.db.feed.create({
      data: { url: `https://example.org/${name}.xml`, nextFetchAt: new Date(Date.now() - minutesAgo * MINUTE) },
    });
    await services.db.subscription.create({ data: { userId: ada.user.id, feedId: feed.id } });
    return feed.id;
  }

  /** The feeds with a refresh queued or running, by id. */
  async function queuedFeeds(): Promise<string[]> {
    const rows = await services.db.$queryRaw<{ feedId: string }[]>`
      SELECT payload->>'feedId' AS "feedId" FROM graphile_worker._private_jobs
      WHERE key LIKE 'refresh_feed:%' AND (locked_at IS NOT NULL OR attempts < max_attempts) ORDER BY 1`;
    return rows.map((row) => row.feedId);
  }

  async function continuationRunAt(): Promise<Date | undefined> {
    const [row] = await services.db.$queryRaw<{ runAt: Date }[]>`
      SELECT run_at AS "runAt" FROM graphile_worker.jobs WHERE key = 'enqueue_due_feeds:continue'`;
    return row?.runAt;
  }

  /** What the worker does with a feed's refresh: its job goes and its next fetch moves on. */
  async function refreshed(feedIds: string[]) {
    for (const id of feedIds) await services.db.$executeRaw`SELECT graphile_worker.remove_job(${`refresh_feed:${id}`})`;
    await services.db.feed.updateMany({ where: { id: { in: feedIds } }, data: { nextFetchAt: new Date(Date.now() + 60 * MINUTE) } });
  }

  beforeEach(async () => {
    await services.db.$executeRaw`DELETE FROM graphile_worker._private_jobs`;
    await services.db.subscription.deleteMany();
    await services.db.feed.deleteMany();
  });

  it('queues the longest overdue feeds first, no more than the queue has room for, and runs again soon while more are due', async () => {
    const [oldest, second, third, fourth, newest] = [
      await feedDue('oldest', 50),
      await feedDue('second', 40),
      await feedDue('third', 30),
      await feedDue('fourth', 20),
      await feedDue('newest', 10),
    ];
    await feedDue('later', -10);

    await fanOut(null, helpers);
    expect(await queuedFeeds()).toEqual([oldest, second, third].sort());
    const runAt = await continuationRunAt();
    expect(runAt!.getTime() - Date.now()).toBeGreaterThan((CONTINUE_AFTER_SECONDS - 5) * 1000);
    expect(runAt!.getTime() - Date.now()).toBeLessThanOrEqual(CONTINUE_AFTER_SECONDS * 1000);

    // The queue is full: nothing more, however many are due.
    await fanOut(null, helpers);
    expect(await queuedFeeds()).toEqual([oldest, second, third].sort());

    // Once they are refreshed, the rest go, and with room to spare no further run is queued.
    await refreshed([oldest, second, third]);
    await services.db.$executeRaw`SELECT graphile_worker.remove_job('enqueue_due_feeds:continue')`;
    await fanOut(null, helpers);
    expect(await queuedFeeds()).toEqual([fourth, newest].sort());
    expect(await continuationRunAt()).toBeUndefined();
  });

  it('leaves out a feed whose refresh is running, and queues again one whose refresh failed for good', async () => {
    const running = await feedDue('running', 5);
    const failed = await feedDue('failed', 5);
    for (const id of [running, failed])
      await services.jobs.add(services.db, 'refresh_feed', { feedId: id }, { jobKey: `refresh_feed:${id}` });
    await services.db
      .$executeRaw`UPDATE graphile_worker._private_jobs SET locked_at = now(), locked_by = 'test' WHERE key = ${`refresh_feed:${running}`}`;
    await services.db
      .$executeRaw`UPDATE graphile_worker._private_jobs SET attempts = max_attempts, last_error = 'boom' WHERE key = ${`refresh_feed:${failed}`}`;

    await enqueueDueFeedsTask(services)(null, helpers);

    const jobs = await services.db.$queryRaw<{ feedId: string; locked: boolean; attempts: number }[]>`
      SELECT payload->>'feedId' AS "feedId", locked_at IS NOT NULL AS locked, attempts FROM graphile_worker._private_jobs ORDER BY id`;
    expect(jobs.filter((job) => job.feedId === running)).toEqual([{ feedId: running, locked: true, attempts: 0 }]);
    expect(jobs.filter((job) => job.feedId === failed && job.attempts === 0)).toHaveLength(1);
  });

  it('moves an unsubscribed feed out of the head of the due feeds, and makes it due again when someone subscribes', async () => {
    const subscribed = await feedDue('subscribed', 5);
    const left = await feedDue('left', 30);
    await services.db.subscription.deleteMany({ where: { feedId: left } });
    const nextFetch = async (id: string) => (await services.db.feed.findUniqueOrThrow({ where: { id } })).nextFetchAt.getTime();

    await fanOut(null, helpers);
    expect(await queuedFeeds()).toEqual([subscribed]);
    expect(await nextFetch(left)).toBe(WAITS_FOR_SUBSCRIBER.getTime());

    // A second subscriber of a feed changes nothing; the first of an unsubscribed one makes it due now.
    const bea = await signUp(services);
    await refreshed([subscribed]);
    const subscribedNext = await nextFetch(subscribed);
    await services.db.subscription.create({ data: { userId: bea.user.id, feedId: subscribed } });
    expect(await nextFetch(subscribed)).toBe(subscribedNext);
    await services.db.subscription.create({ data: { userId: bea.user.id, feedId: left } });
    expect(await nextFetch(left)).toBeLessThanOrEqual(Date.now());
    await fanOut(null, helpers);
    expect(await queuedFeeds()).toEqual([left]);
  });
});
