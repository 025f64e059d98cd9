import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { refreshFeed } from '../../domain/refresh/refreshFeed.ts';
import type { Services } from '../../domain/core/services.ts';

const payload = z.object({ feedId: z.uuid() });

/** Refreshes one feed. Its own failures are recorded on the feed with backoff, so the job itself succeeds. */
export function refreshFeedTask(services: Services): Task {
  return async (raw) => {
    const { feedId } = payload.parse(raw);
    await refreshFeed(services, feedId, { wait: 'scheduled' });
  };
}
