import { runRetention } from '../../domain/admin/retention.ts';
import type { Services } from '../../domain/core/services.ts';
import type { JobWork } from '../budget.ts';

/** The crontab's nightly retention pass: old articles nobody kept, batch by batch (domain/admin/retention.ts). */
export function applyRetentionTask(services: Services): JobWork {
  return async (_payload, helpers, signal) => {
    const { deleted, freedBytes } = await runRetention(services, signal);
    if (deleted > 0) helpers.logger.info(`retention: ${deleted} old articles deleted, ${freedBytes} bytes of rows`);
  };
}
