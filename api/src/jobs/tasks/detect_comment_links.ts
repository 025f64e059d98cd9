import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { COMMENT_LINK_ATTEMPTS, detectCommentLinkFeeds } from '../../domain/social/commentLinkFeeds.ts';
import type { Services } from '../../domain/core/services.ts';

const payload = z.object({ commentId: z.uuid() });

/**
 * Looks for feeds behind a comment's links, so the reader can offer to subscribe to them. Links whose sites failed
 * for a passing reason (busy, slow, a 5xx) fail the job, so that Graphile Worker tries them again after its back-off
 * (about 3 s, then 7 s); the last of COMMENT_LINK_ATTEMPTS settles them as having no feed.
 */
export function detectCommentLinksTask(services: Services): Task {
  return async (raw, helpers) => {
    const { commentId } = payload.parse(raw);
    const lastAttempt = helpers.job.attempts >= Math.min(COMMENT_LINK_ATTEMPTS, helpers.job.max_attempts);
    const pending = await detectCommentLinkFeeds(services, commentId, { lastAttempt });
    if (pending > 0) throw new Error(`${pending} link(s) of comment ${commentId} to look up again: their sites failed for now`);
  };
}
