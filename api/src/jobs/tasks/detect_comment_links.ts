import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { detectCommentLinkFeeds } from '../../domain/social/commentLinkFeeds.ts';
import type { Services } from '../../domain/core/services.ts';

const payload = z.object({ commentId: z.uuid() });

/** Looks for feeds behind a comment's links, so the reader can offer to subscribe to them. */
export function detectCommentLinksTask(services: Services): Task {
  return async (raw) => {
    const { commentId } = payload.parse(raw);
    await detectCommentLinkFeeds(services, commentId);
  };
}
