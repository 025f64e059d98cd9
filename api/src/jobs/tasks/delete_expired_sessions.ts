import type { Task } from 'graphile-worker';
import { deleteExpiredSessions } from '../../domain/accounts/sessions.ts';
import type { Services } from '../../domain/core/services.ts';

/** The crontab's daily clean-up of sessions past their idle or absolute limit. */
export function deleteExpiredSessionsTask(services: Services): Task {
  return async (_payload, helpers) => {
    const deleted = await deleteExpiredSessions(services);
    if (deleted > 0) helpers.logger.info(`deleted ${deleted} expired sessions`);
  };
}
