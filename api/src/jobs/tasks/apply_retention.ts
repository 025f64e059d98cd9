import { z } from 'zod';
import { performRetentionRun } from '../../domain/admin/retentionRuns.ts';
import type { Services } from '../../domain/core/services.ts';
import type { JobWork } from '../budget.ts';

// The crontab's nightly job names no run (its payload is Graphile Worker's `_cron` only); an administrator's names its own.
const payload = z.object({ runId: z.uuid().optional() });

/** One retention pass, nightly or asked for by an administrator, its progress recorded batch by batch (domain/admin/retentionRuns.ts). */
export function applyRetentionTask(services: Services): JobWork {
  return async (raw, helpers, signal) => {
    const run = await performRetentionRun(services, payload.parse(raw).runId, signal);
    if (run && run.deleted > 0) helpers.logger.info(`retention: ${run.deleted} old articles deleted, ${run.freedBytes} bytes of rows`);
  };
}
