import type { Task } from 'graphile-worker';
import type { Services } from '../../domain/core/services.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { fetchBudgetMs } from '../budget.ts';

/**
 * At most this many feed refreshes wait in the queue at once (queued by the fan-out or anyone else). A queue of every
 * due feed would make each poll of the worker's other runners walk past all of them (Graphile Worker finds a runner's
 * next job in the order of run time, whatever its task), and after a long stop the fan-out of 100,000 feeds took
 * seconds in one statement (docs/benchmarks.md, "100,000 feeds").
 */
export const MAX_QUEUED_REFRESHES = 10_000;

/**
 * The next fetch of a feed nobody subscribes to: it waits out of the head of the due index that every run reads, until
 * a subscription to it makes it due at once (migration 20261205090000_unsubscribed_feeds_wait).
 */
export const WAITS_FOR_SUBSCRIBER = new Date('9999-12-31T00:00:00Z');

/** A fan-out that filled the queue runs again this soon, rather than at the next tick of the crontab. */
export const CONTINUE_AFTER_SECONDS = 10;

/**
 * The crontab's fan-out: enqueues `refresh_feed` for the subscribed feeds whose next fetch is due (fetched feeds
 * only: the web pages feed is never fetched), the longest overdue first, as many as the queue has room for
 * (`maxQueued`). A feed whose refresh is queued or running already is left out: its job keeps its place, and a
 * running one is not followed by a second fetch. A refresh locked for longer than its budget is a killed worker's
 * (Graphile Worker frees such a lock only after 4 hours): its feed is queued again beside it. The due feeds are read from the index on nextFetchAt in its order and
 * the read stops at the room left, so however many are due, a run reads what it queues and no more. All of them go in
 * one call of Graphile Worker's add_jobs (one set insert, one wake-up of the workers; job key per feed). When the
 * queue had no room for every due feed, the fan-out runs again after CONTINUE_AFTER_SECONDS (one such run pending
 * at most), so a backlog drains as fast as the refreshes run, not one queue-full per tick. Due feeds without a
 * subscriber among the first `maxQueued` due are set aside (WAITS_FOR_SUBSCRIBER), so the head of the index holds
 * feeds to fetch.
 */
export function enqueueDueFeedsTask(services: Services, { maxQueued = MAX_QUEUED_REFRESHES } = {}): Task {
  const lockedSince = Prisma.sql`now() - ${fetchBudgetMs(services.config)} * interval '1 millisecond'`;
  return async (_payload, helpers) => {
    await setAsideUnsubscribed(services, maxQueued);
    // Queued or running: a job that failed for good (attempts spent, not locked) is revived by add_jobs below.
    const [waiting] = await services.db.$queryRaw<{ count: number }[]>`
      SELECT count(*)::int AS count FROM graphile_worker.jobs
      WHERE task_identifier = 'refresh_feed' AND (locked_at > ${lockedSince} OR (locked_at IS NULL AND attempts < max_attempts))`;
    const room = Math.max(0, maxQueued - (waiting?.count ?? 0));
    const [result] = await services.db.$queryRaw<{ queued: number }[]>`
      WITH due AS (
        SELECT ROW('refresh_feed', json_build_object('feedId', f.id), NULL, NULL, 1, 'refresh_feed:' || f.id, NULL, NULL)::graphile_worker.job_spec AS spec
        FROM "Feed" f
        WHERE f."nextFetchAt" <= now() AND f.kind = 'feed' AND EXISTS (SELECT 1 FROM "Subscription" s WHERE s."feedId" = f.id)
          AND NOT EXISTS (
            SELECT 1 FROM graphile_worker.jobs j
            WHERE j.key = 'refresh_feed:' || f.id AND (j.locked_at > ${lockedSince} OR (j.locked_at IS NULL AND j.attempts < j.max_attempts)))
        ORDER BY f."nextFetchAt"
        LIMIT ${room}
      )
      SELECT count(*)::int AS queued FROM graphile_worker.add_jobs(ARRAY(SELECT spec FROM due), job_key_preserve_run_at := true)
      WHERE EXISTS (SELECT 1 FROM due)`;
    const queued = result?.queued ?? 0;
    if (queued > 0) helpers.logger.info(`queued ${queued} due feeds`);
    if (queued < room) return;
    // The queue is full: more feeds may be due. The job key keeps it to one pending continuation.
    await services.db.$executeRaw`SELECT graphile_worker.add_job('enqueue_due_feeds', '{}'::json,
      run_at := now() + ${CONTINUE_AFTER_SECONDS} * interval '1 second', job_key := 'enqueue_due_feeds:continue',
      job_key_mode := 'preserve_run_at', max_attempts := 1)`;
  };
}

/**
 * Sets aside the feeds without a subscriber among the first `scanned` due. The candidates are locked first (FOR
 * UPDATE, which a subscription's foreign-key check of its feed conflicts with; one being subscribed to now is skipped),
 * then checked again by a statement that sees every subscription committed until then: no feed that gained a subscriber
 * meanwhile is set aside, and one gaining a subscriber from now on is made due by the subscription's trigger.
 */
async function setAsideUnsubscribed(services: Services, scanned: number): Promise<void> {
  await services.db.$transaction(async (tx) => {
    const candidates = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM "Feed" WHERE id IN (
        SELECT f.id FROM "Feed" f WHERE f."nextFetchAt" <= now() AND f.kind = 'feed' ORDER BY f."nextFetchAt" LIMIT ${scanned}
      ) AND NOT EXISTS (SELECT 1 FROM "Subscription" s WHERE s."feedId" = "Feed".id)
      FOR UPDATE SKIP LOCKED`;
    if (candidates.length === 0) return;
    await tx.$executeRaw`
      UPDATE "Feed" f SET "nextFetchAt" = ${WAITS_FOR_SUBSCRIBER}
      WHERE f.id = ANY(${candidates.map((c) => c.id)}::uuid[]) AND NOT EXISTS (SELECT 1 FROM "Subscription" s WHERE s."feedId" = f.id)`;
  });
}
