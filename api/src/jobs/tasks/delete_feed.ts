import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { removeDeletedFeed } from '../../domain/admin/feeds.ts';
import type { Services } from '../../domain/core/services.ts';

const payload = z.object({ feedId: z.uuid() });

/** Removes the articles of a feed an administrator deleted, in batches, then the feed itself. Idempotent. */
export function deleteFeedTask(services: Services): Task {
  return async (raw, helpers) => {
    const { feedId } = payload.parse(raw);
    const articles = await removeDeletedFeed(services, feedId);
    helpers.logger.info(`deleted feed ${feedId} with ${articles} articles`);
  };
}
