import type { Task } from 'graphile-worker';
import type { Services } from '../../domain/core/services.ts';
import { clearOldTextKeys } from '../../domain/stories/textKeyRetention.ts';

/** The crontab's daily clean-up of the story text keys of articles past the text rule's reach. */
export function clearOldTextKeysTask(services: Services): Task {
  return async (_payload, helpers) => {
    const cleared = await clearOldTextKeys(services.db);
    if (cleared > 0) helpers.logger.info(`cleared the text keys of ${cleared} older articles`);
  };
}
