import type { SqlClient } from '../../db/prisma.ts';

/** The jobs Tidings runs, with their payloads. */
export type JobPayloads = {
  send_email: { to: string; subject: string; text: string };
  send_password_reset: { email: string };
  refresh_feed: { feedId: string };
  delete_feed: { feedId: string };
  detect_comment_links: { commentId: string };
  bulk_subscribe: { jobId: string };
  /** `end`: ISO time the digest's period ends (the scheduled Sunday 06:00); `week`: that Sunday's local date. */
  generate_digest: { userId: string; week: string; end: string };
  generate_export: { exportId: string };
  rematch_stories: Record<string, never>;
  extract_full_text: { feedId: string };
  /** `runId`: the RetentionRun an administrator asked for; none for the nightly pass. */
  apply_retention: { runId?: string };
};

/** `queueName`: jobs of one named queue run one at a time, in order; `runAt`: not before then. */
export type JobOptions = { jobKey?: string; queueName?: string; runAt?: Date };

/** Enqueues Graphile Worker jobs inside the caller's transaction, so a job exists exactly when its data does. */
export type JobQueue = {
  add<T extends keyof JobPayloads>(db: SqlClient, task: T, payload: JobPayloads[T], options?: JobOptions): Promise<void>;
};
