import type { Task } from 'graphile-worker';
import { deleteExpiredExports } from '../../domain/export/exports.ts';
import type { Services } from '../../domain/core/services.ts';

/** The crontab's clean-up of export files kept past their hour. */
export function deleteExpiredExportsTask(services: Services): Task {
  return async (_payload, helpers) => {
    const deleted = await deleteExpiredExports(services);
    if (deleted > 0) helpers.logger.info(`deleted ${deleted} expired exports`);
  };
}
