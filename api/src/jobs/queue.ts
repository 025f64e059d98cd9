import type { JobPayloads, JobQueue } from '../domain/core/jobQueue.ts';

/**
 * The named queue a task's jobs join when the caller names none: jobs of one queue run one at a time. The weekly
 * digests fan out to every user at once and are CPU work, so they take turns in one queue and hold one slot of the
 * worker's account runner at most (jobs/worker.ts), however many users there are.
 */
const TASK_QUEUES: { [T in keyof JobPayloads]?: string } = { generate_digest: 'digests' };

// Graphile Worker's add_job() run on the caller's client, so the job commits or rolls back with the caller's transaction.
export const jobQueue: JobQueue = {
  async add(db, task, payload, options = {}) {
    const queueName = options.queueName ?? TASK_QUEUES[task] ?? null;
    await db.$executeRaw`SELECT graphile_worker.add_job(${task}::text, ${JSON.stringify(payload)}::json,
      job_key := ${options.jobKey ?? null}::text, queue_name := ${queueName}::text, run_at := ${options.runAt ?? null}::timestamptz)`;
  },
};
