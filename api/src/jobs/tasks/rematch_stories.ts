import { rematchStories } from '../../domain/stories/rematchStories.ts';
import { STORY_RULES_VERSION } from '../../domain/stories/storyRulesVersion.ts';
import type { Services } from '../../domain/core/services.ts';
import type { JobWork } from '../budget.ts';

/**
 * Matches the recent articles to stories again after the matching rules changed (queued when the worker starts,
 * jobs/worker.ts). Batch by batch, each its own transaction, and idempotent: a retry after an overrun starts over,
 * and the batches done change nothing more.
 */
export function rematchStoriesTask(services: Services): JobWork {
  return async (_payload, helpers, signal) => {
    const { articles, joined } = await rematchStories(services, signal);
    helpers.logger.info(`matched ${articles} recent articles with story rules ${STORY_RULES_VERSION}: ${joined} joined a story`);
  };
}
