import type { Task } from 'graphile-worker';
import type { Services } from '../../domain/services.ts';

/**
 * The crontab's fan-out: enqueues `refresh_feed` for every subscribed feed whose next fetch is due (fetched feeds
 * only: the web pages feed is never fetched). The job key
 * per feed keeps a feed from being queued twice (a pending job keeps its place).
 */
export function enqueueDueFeedsTask(services: Services): Task {
  return async (_payload, helpers) => {
    const queued = await services.db.$executeRaw`
      SELECT graphile_worker.add_job('refresh_feed', json_build_object('feedId', f.id),
        job_key := 'refresh_feed:' || f.id, job_key_mode := 'preserve_run_at', max_attempts := 1)
      FROM "Feed" f
      WHERE f."nextFetchAt" <= now() AND f.kind = 'feed' AND EXISTS (SELECT 1 FROM "Subscription" s WHERE s."feedId" = f.id)`;
    if (queued > 0) helpers.logger.info(`queued ${queued} due feeds`);
  };
}
