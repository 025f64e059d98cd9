import { Logger as WorkerLogger, run, runMigrations, type TaskList } from 'graphile-worker';
import pg from 'pg';
import type { Logger } from '../logger.ts';
import type { Services } from '../domain/services.ts';
import { bulkSubscribeTask } from './tasks/bulk_subscribe.ts';
import { deleteFeedTask } from './tasks/delete_feed.ts';
import { deleteExpiredSessionsTask } from './tasks/delete_expired_sessions.ts';
import { detectCommentLinksTask } from './tasks/detect_comment_links.ts';
import { enqueueDueFeedsTask } from './tasks/enqueue_due_feeds.ts';
import { generateDigestTask } from './tasks/generate_digest.ts';
import { deleteExpiredExportsTask } from './tasks/delete_expired_exports.ts';
import { generateExportTask } from './tasks/generate_export.ts';
import { refreshFeedTask } from './tasks/refresh_feed.ts';
import { scheduleDigestsTask } from './tasks/schedule_digests.ts';
import { sendEmailTask } from './tasks/send_email.ts';
import { sendPasswordResetTask } from './tasks/send_password_reset.ts';

/** Installs or upgrades Graphile Worker's own schema, so jobs can be enqueued even where no worker runs. */
export async function migrateJobQueue(databaseUrl: string): Promise<void> {
  await runMigrations({ connectionString: databaseUrl });
}

/** The scheduled refresh of one feed: waiting on the network mostly, so it has a runner of its own (below). */
function feedRefreshTasks(services: Services): TaskList {
  return { refresh_feed: refreshFeedTask(services) };
}

/** Every other task, by identifier. */
function generalTasks(services: Services): TaskList {
  return {
    send_email: sendEmailTask(services.config),
    send_password_reset: sendPasswordResetTask(services),
    delete_feed: deleteFeedTask(services),
    enqueue_due_feeds: enqueueDueFeedsTask(services),
    detect_comment_links: detectCommentLinksTask(services),
    delete_expired_sessions: deleteExpiredSessionsTask(services),
    bulk_subscribe: bulkSubscribeTask(services),
    schedule_digests: scheduleDigestsTask(services),
    generate_digest: generateDigestTask(services),
    generate_export: generateExportTask(services),
    delete_expired_exports: deleteExpiredExportsTask(services),
  };
}

// Recurring work fans out from here; `?fill` backfills a missed run after a restart.
// Graphile Worker's crontab runs on UTC, so the digests wake every hour in which Sunday 06:00 falls in some time zone
// (Saturday 16:00 UTC at UTC+14 to Sunday 18:00 UTC at UTC-12); schedule_digests acts only at 06:00 in the instance's
// zone (TZ), and may retry (re-queueing replaces by job key). Filling 7 days catches a missed Sunday up once when the worker comes back; the per-user-and-week job key and
// the Digest (userId, week) key keep it at one digest.
export const CRONTAB = [
  '*/5 * * * * enqueue_due_feeds ?fill=10m&max=1',
  '17 4 * * * delete_expired_sessions ?fill=1d&max=1',
  '0 16-23 * * 6 schedule_digests ?id=digests_saturday_utc&fill=7d&max=5',
  '0 0-18 * * 0 schedule_digests ?id=digests_sunday_utc&fill=7d&max=5',
  '*/15 * * * * delete_expired_exports ?max=1',
].join('\n');

/**
 * Graphile Worker's log lines into the process log: a finished job is one line at info, named by its id and task
 * (not its whole row and payload); the rest of its chatter (polling, cron ticks) goes to debug.
 */
function workerLogger(log: Logger): WorkerLogger {
  return new WorkerLogger((scope) => (level, message, meta) => {
    const { job, ...details } = (meta ?? {}) as { job?: { id: string; task_identifier: string }; success?: boolean };
    const target =
      level === 'error' ? 'error' : level === 'warning' && !isPoolSizeAdvice(message) ? 'warn' : details.success ? 'info' : 'debug';
    log[target]({ worker: scope, ...details, ...(job && { job: { id: job.id, task: job.task_identifier } }) }, message);
  });
}

/**
 * Graphile Worker advises a pool as large as the concurrency, for tasks that query through it. Ours query through the
 * app's own pool; the runner's pool only fetches and completes jobs, in batches (below), so ten connections serve the
 * feed refreshes' 64.
 */
function isPoolSizeAdvice(message: string): boolean {
  return message.startsWith('WARNING: having maxPoolSize');
}

/** A running worker; stop() lets running jobs finish, then closes its connections. */
export type WorkerHandle = { stop: () => Promise<void> };

/**
 * Starts two Graphile Worker runners on one pool of their own: one runs the feed refreshes, FEED_REFRESH_CONCURRENCY
 * at once (network waits mostly; many at once share their statements, docs/benchmarks.md), the other every other task,
 * WORKER_CONCURRENCY at once (exports and digests are CPU work). A runner fetches only the jobs of its own tasks.
 * Given only a connection string, Graphile Worker ends its pool without waiting and drops the pool's error handler
 * first, so a database that stops right after (the embedded one at shutdown) would kill the process through a closing
 * idle connection.
 * Queue overhead, measured with `npm run bench:feeds`: a runner fetches and locks jobs two per slot at a time instead
 * of one query per job, and marks the jobs that finish in the same tick done in one statement (a delay of 0: no job
 * waits longer to be marked done).
 */
export async function startWorker(services: Services, databaseUrl: string): Promise<WorkerHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 }); // Graphile Worker's own default size
  let stopping = false; // connections closing once stop() began are the shutdown's own, not worth a warning
  const connectionLost = (error: Error) => {
    if (!stopping) services.log.warn({ err: error }, 'job queue connection lost');
  };
  pool.on('error', connectionLost);
  pool.on('connect', (client) => client.on('error', connectionLost));
  const { workerConcurrency, feedRefreshConcurrency } = services.config;
  const runnerOptions = (concurrency: number) => ({
    pgPool: pool,
    concurrency,
    noHandleSignals: true,
    pollInterval: 2000,
    logger: workerLogger(services.log),
    preset: { worker: { localQueue: { size: 2 * concurrency }, completeJobBatchDelay: 0 } },
  });
  const runners = await Promise.all([
    run({ ...runnerOptions(workerConcurrency), taskList: generalTasks(services), crontab: CRONTAB }),
    run({ ...runnerOptions(feedRefreshConcurrency), taskList: feedRefreshTasks(services) }),
  ]);
  services.log.info({ concurrency: workerConcurrency, feedRefreshConcurrency }, 'worker started');
  return {
    stop: async () => {
      stopping = true;
      await Promise.all(runners.map((runner) => runner.stop()));
      await pool.end();
    },
  };
}
