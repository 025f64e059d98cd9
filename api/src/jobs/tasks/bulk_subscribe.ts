import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { runBulkSubscribeJob } from '../../domain/feeds/bulkSubscribe.ts';
import type { Services } from '../../domain/services.ts';

const payload = z.object({ jobId: z.uuid() });

/** Subscribes a user to the feeds of a large Discover selection, recording progress for the page that follows it. */
export function bulkSubscribeTask(services: Services): Task {
  return async (raw) => {
    const { jobId } = payload.parse(raw);
    await runBulkSubscribeJob(services, jobId);
  };
}
