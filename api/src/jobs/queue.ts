import type { JobQueue } from '../domain/jobQueue.ts';

// Graphile Worker's add_job() run on the caller's client, so the job commits or rolls back with the caller's transaction.
export const jobQueue: JobQueue = {
  async add(db, task, payload, options = {}) {
    await db.$executeRaw`SELECT graphile_worker.add_job(${task}::text, ${JSON.stringify(payload)}::json,
      job_key := ${options.jobKey ?? null}::text, queue_name := ${options.queueName ?? null}::text, run_at := ${options.runAt ?? null}::timestamptz)`;
  },
};
