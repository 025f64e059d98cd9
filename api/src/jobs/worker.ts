import { Logger as WorkerLogger, run, runMigrations, type TaskList } from 'graphile-worker';
import pg from 'pg';
import { createPrisma, type PrismaClient } from '../db/prisma.ts';
import type { Logger } from '../logger.ts';
import { RETENTION_JOB_KEY, RETENTION_QUEUE } from '../domain/admin/retentionRuns.ts';
import type { Services } from '../domain/core/services.ts';
import { enqueueStoryRematchIfRulesChanged } from '../domain/stories/rematchStories.ts';
import { fetchBudgetMs, withBudget, type BudgetedTask } from './budget.ts';
import { applyRetentionTask } from './tasks/apply_retention.ts';
import { bulkSubscribeTask, recordBulkSubscribeFailure } from './tasks/bulk_subscribe.ts';
import { clearOldTextKeysTask } from './tasks/clear_old_text_keys.ts';
import { deleteFeedTask } from './tasks/delete_feed.ts';
import { deleteExpiredSessionsTask } from './tasks/delete_expired_sessions.ts';
import { detectCommentLinksTask } from './tasks/detect_comment_links.ts';
import { enqueueDueFeedsTask } from './tasks/enqueue_due_feeds.ts';
import { extractFullTextTask } from './tasks/extract_full_text.ts';
import { generateDigestTask } from './tasks/generate_digest.ts';
import { deleteExpiredExportsTask } from './tasks/delete_expired_exports.ts';
import { generateExportTask, recordExportFailure } from './tasks/generate_export.ts';
import { refreshFeedTask } from './tasks/refresh_feed.ts';
import { rematchStoriesTask } from './tasks/rematch_stories.ts';
import { scheduleDigestsTask } from './tasks/schedule_digests.ts';
import { sendEmailTask } from './tasks/send_email.ts';
import { sendPasswordResetTask } from './tasks/send_password_reset.ts';

/** Installs or upgrades Graphile Worker's own schema, so jobs can be enqueued even where no worker runs. */
export async function migrateJobQueue(databaseUrl: string): Promise<void> {
  await runMigrations({ connectionString: databaseUrl });
}

/**
 * The worker's runners. Graphile Worker's runner fetches only the jobs of the tasks in its own list, so work of one
 * runner never waits for the slots of another:
 * - `fetches` (FEED_REFRESH_CONCURRENCY): feed refreshes and the look-up of feeds behind a comment's links, network
 *   waits mostly, many at once;
 * - `account` (WORKER_CONCURRENCY), with the crontab: e-mail, password resets, the clean-ups (sessions, exports, old
 *   story text keys), the schedule's fan-outs and the weekly digests. A digest is CPU work fanned out to every user
 *   at once on Sunday morning, so digests run in one named queue (jobs/queue.ts), one at a time: they hold one of
 *   these slots, never all of them, and a runner of their own would only add CPU work running at once;
 * - `bulk` (BULK_WORKER_CONCURRENCY): what one person's request can make long — bulk subscribes and OPML imports (one
 *   at a time per user: domain/subscriptions/bulkSubscribe.ts), exports (one at a time per user, in one queue: rendering is
 *   heavy on memory), an administrator's feed deletion, the pass that matches recent articles to stories again
 *   after the matching rules changed, and the nightly retention pass. However many are queued, they take only these slots;
 * - `extraction` (FULL_TEXT_CONCURRENCY): full articles read from their pages, one job per feed reading a few pages
 *   at a time (domain/fullText/extractFeed.ts). Parsing a page is CPU work on this process: a runner of its own keeps
 *   it to a few at once, and from the slots of the refreshes and the account work.
 */
export type Runner = 'fetches' | 'account' | 'bulk' | 'extraction';

type TaskSpec = BudgetedTask & { runner: Runner };

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * Every task with its runner and wall-clock budget (generous: a job that overruns is stuck, not slow) and, for a
 * job its owner follows, where its failure is recorded (a fetching task's: budget.ts).
 */
export function workerTasks(services: Services, fetchDb: PrismaClient = services.db): Record<string, TaskSpec> {
  const fetchBudget = fetchBudgetMs(services.config);
  const fetching: Services = { ...services, db: fetchDb, readDb: fetchDb };
  return {
    refresh_feed: { runner: 'fetches', work: refreshFeedTask(fetching), budgetMs: fetchBudget },
    detect_comment_links: { runner: 'fetches', work: detectCommentLinksTask(fetching), budgetMs: fetchBudget },
    send_email: { runner: 'account', work: sendEmailTask(services.config), budgetMs: 60 * SECOND },
    send_password_reset: { runner: 'account', work: sendPasswordResetTask(services), budgetMs: 60 * SECOND },
    enqueue_due_feeds: { runner: 'account', work: enqueueDueFeedsTask(services), budgetMs: 2 * MINUTE },
    delete_expired_sessions: { runner: 'account', work: deleteExpiredSessionsTask(services), budgetMs: 10 * MINUTE },
    delete_expired_exports: { runner: 'account', work: deleteExpiredExportsTask(services), budgetMs: 10 * MINUTE },
    clear_old_text_keys: { runner: 'account', work: clearOldTextKeysTask(services), budgetMs: 10 * MINUTE },
    schedule_digests: { runner: 'account', work: scheduleDigestsTask(services), budgetMs: 10 * MINUTE },
    generate_digest: { runner: 'account', work: generateDigestTask(services), budgetMs: 10 * MINUTE },
    bulk_subscribe: {
      runner: 'bulk',
      work: bulkSubscribeTask(services),
      budgetMs: 30 * MINUTE,
      recordFailure: recordBulkSubscribeFailure(services),
    },
    generate_export: {
      runner: 'bulk',
      work: generateExportTask(services),
      budgetMs: 10 * MINUTE,
      recordFailure: recordExportFailure(services),
    },
    // Batch by batch, each its own transaction: a retry after an overrun goes on where it stopped.
    delete_feed: { runner: 'bulk', work: deleteFeedTask(services), budgetMs: 30 * MINUTE },
    // Batch by batch too, each its own transaction: a retry starts over, and the batches done change nothing more.
    rematch_stories: { runner: 'bulk', work: rematchStoriesTask(services), budgetMs: 30 * MINUTE },
    // Batch by batch, each a statement of its own: a pass stopped at its budget is recorded failed and goes on the next night.
    apply_retention: { runner: 'bulk', work: applyRetentionTask(services), budgetMs: 60 * MINUTE },
    // A feed's pass reads up to FULL_TEXT_RECENT_ARTICLES pages (500 at most), two at a time, each within the fetch limit.
    extract_full_text: { runner: 'extraction', work: extractFullTextTask(services), budgetMs: 30 * MINUTE },
  };
}

/** The task list of one runner, each task within its budget (`budgetsMs` overrides some, for tests). */
function runnerTasks(tasks: Record<string, TaskSpec>, runner: Runner, budgetsMs: Record<string, number>): TaskList {
  return Object.fromEntries(
    Object.entries(tasks)
      .filter(([, spec]) => spec.runner === runner)
      .map(([identifier, spec]) => [identifier, withBudget(identifier, { ...spec, budgetMs: budgetsMs[identifier] ?? spec.budgetMs })]),
  );
}

// Recurring work fans out from here; `?fill` backfills a missed run after a restart.
// Graphile Worker's crontab runs on UTC, so the digests wake every hour in which Sunday 06:00 falls in some time zone
// (Saturday 16:00 UTC at UTC+14 to Sunday 18:00 UTC at UTC-12); schedule_digests acts only at 06:00 in the instance's
// zone (TZ), and may retry (re-queueing replaces by job key). Filling 7 days catches a missed Sunday up once when the worker comes back; the per-user-and-week job key and
// the Digest (userId, week) key keep it at one digest.
export const CRONTAB = [
  // Every minute: a due feed waits at most a minute (a tick reads the due feeds from an index; docs/benchmarks.md).
  '* * * * * enqueue_due_feeds ?fill=10m&max=1',
  '17 4 * * * delete_expired_sessions ?fill=1d&max=1',
  '37 4 * * * clear_old_text_keys ?fill=1d&max=1',
  // In the queue and with the job key of an administrator's pass (domain/admin/retentionRuns.ts): never two at once.
  `7 3 * * * apply_retention ?fill=1d&max=1&queue=${RETENTION_QUEUE}&jobKey=${RETENTION_JOB_KEY}`,
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

// The fetches' statements are shaped by arrays rather than values (a feed's articles, its readers' ids, its hosts), so
// their plans do not depend on the values: planned once per connection on a pool of their own rather than on every call
// as the main pool plans, they cost PostgreSQL about a tenth less per stored article (docs/benchmarks.md, "Ingest cost").
const FETCH_CONNECTIONS = 10;

/** A running worker; stop() lets running jobs finish, then closes its connections. */
export type WorkerHandle = { stop: () => Promise<void> };

/** `budgetsMs`: shorter budgets for some tasks, by identifier (tests). */
export type WorkerOptions = { budgetsMs?: Record<string, number> };

/**
 * Starts the four Graphile Worker runners (`Runner`, above) on one pool of their own: the fetches,
 * FEED_REFRESH_CONCURRENCY at once (many at once share their statements, docs/benchmarks.md), the account and
 * scheduled work with the crontab, WORKER_CONCURRENCY at once, the bulk work, BULK_WORKER_CONCURRENCY at once, and
 * the extraction of full articles, FULL_TEXT_CONCURRENCY at once. The fetches' own statements run on a Prisma pool of
 * their own (FETCH_CONNECTIONS, above).
 * Given only a connection string, Graphile Worker ends its pool without waiting and drops the pool's error handler
 * first, so a database that stops right after (the embedded one at shutdown) would kill the process through a closing
 * idle connection.
 * Queue overhead, measured with `npm run bench:feeds`: a runner fetches and locks jobs two per slot at a time instead
 * of one query per job, and marks the jobs that finish in the same tick done in one statement (a delay of 0: no job
 * waits longer to be marked done).
 * When the story matching rules changed since the recent articles were matched, it first queues the pass that
 * matches them again (domain/stories/rematchStories.ts).
 */
export async function startWorker(services: Services, databaseUrl: string, options: WorkerOptions = {}): Promise<WorkerHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 }); // Graphile Worker's own default size
  let stopping = false; // connections closing once stop() began are the shutdown's own, not worth a warning
  const connectionLost = (error: Error) => {
    if (!stopping) services.log.warn({ err: error }, 'job queue connection lost');
  };
  pool.on('error', connectionLost);
  pool.on('connect', (client) => client.on('error', connectionLost));
  const { workerConcurrency, feedRefreshConcurrency, bulkWorkerConcurrency, fullTextConcurrency } = services.config;
  const runnerOptions = (concurrency: number) => ({
    pgPool: pool,
    concurrency,
    noHandleSignals: true,
    pollInterval: 2000,
    logger: workerLogger(services.log),
    preset: { worker: { localQueue: { size: 2 * concurrency }, completeJobBatchDelay: 0 } },
  });
  const fetchDb = createPrisma(databaseUrl, FETCH_CONNECTIONS, { genericPlans: true });
  const tasks = workerTasks(services, fetchDb);
  const taskList = (runner: Runner) => runnerTasks(tasks, runner, options.budgetsMs ?? {});
  if (await enqueueStoryRematchIfRulesChanged(services))
    services.log.info('story matching rules changed: recent articles will be matched again');
  const runners = await Promise.all([
    run({ ...runnerOptions(workerConcurrency), taskList: taskList('account'), crontab: CRONTAB }),
    run({ ...runnerOptions(feedRefreshConcurrency), taskList: taskList('fetches') }),
    run({ ...runnerOptions(bulkWorkerConcurrency), taskList: taskList('bulk') }),
    run({ ...runnerOptions(fullTextConcurrency), taskList: taskList('extraction') }),
  ]);
  services.log.info(
    { concurrency: workerConcurrency, feedRefreshConcurrency, bulkWorkerConcurrency, fullTextConcurrency },
    'worker started',
  );
  return {
    stop: async () => {
      stopping = true;
      await Promise.all(runners.map((runner) => runner.stop()));
      await Promise.all([pool.end(), fetchDb.$disconnect()]);
    },
  };
}
