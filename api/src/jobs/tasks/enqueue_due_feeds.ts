import type { Task } from 'graphile-worker';
import type { Services } from '../../domain/core/services.ts';

/**
 * The crontab's fan-out: enqueues `refresh_feed` for every subscribed feed whose next fetch is due (fetched feeds
 * only: the web pages feed is never fetched). The job key per feed keeps a feed from being queued twice (a pending
 * job keeps its place). All of them go in one call of Graphile Worker's add_jobs, which inserts them as one set and
 * wakes the workers once, rather than one add_job (and one notification) per feed (docs/benchmarks.md).
 */
export function enqueueDueFeedsTask(services: Services): Task {
  return async (_payload, helpers) => {
    const [result] = await services.db.$queryRaw<{ queued: number }[]>`
      WITH due AS (
        SELECT ROW('refresh_feed', json_build_object('feedId', f.id), NULL, NULL, 1, 'refresh_feed:' || f.id, NULL, NULL)::graphile_worker.job_spec AS spec
        FROM "Feed" f
        WHERE f."nextFetchAt" <= now() AND f.kind = 'feed' AND EXISTS (SELECT 1 FROM "Subscription" s WHERE s."feedId" = f.id)
      )
      SELECT count(*)::int AS queued FROM graphile_worker.add_jobs(ARRAY(SELECT spec FROM due), job_key_preserve_run_at := true)
      WHERE EXISTS (SELECT 1 FROM due)`;
    const queued = result?.queued ?? 0;
    if (queued > 0) helpers.logger.info(`queued ${queued} due feeds`);
  };
}
