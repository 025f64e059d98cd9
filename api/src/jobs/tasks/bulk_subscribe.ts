import { z } from 'zod';
import { failBulkSubscribeJob, runBulkSubscribeJob } from '../../domain/subscriptions/bulkSubscribe.ts';
import type { Services } from '../../domain/core/services.ts';
import type { JobWork, RecordFailure } from '../budget.ts';

const payload = z.object({ jobId: z.uuid() });

/**
 * Subscribes a user to the feeds of a large Discover selection or OPML import, recording progress for the page that
 * follows it; once its budget runs out it starts no further address.
 */
export function bulkSubscribeTask(services: Services): JobWork {
  return async (raw, _helpers, signal) => {
    const { jobId } = payload.parse(raw);
    await runBulkSubscribeJob(services, jobId, signal);
  };
}

/** Ends the job's row with the reason it stopped, where its owner follows its progress. */
export function recordBulkSubscribeFailure(services: Services): RecordFailure {
  return async (raw, reason) => {
    const parsed = payload.safeParse(raw);
    if (parsed.success) await failBulkSubscribeJob(services, parsed.data.jobId, reason);
  };
}
