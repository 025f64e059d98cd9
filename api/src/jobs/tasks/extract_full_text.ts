import { z } from 'zod';
import { extractFeedArticles } from '../../domain/fullText/extractFeed.ts';
import type { Services } from '../../domain/core/services.ts';
import type { JobWork } from '../budget.ts';

const payload = z.object({ feedId: z.uuid() });

/** Reads the feed's full articles that are due, a few pages at a time (domain/fullText/extractFeed.ts). */
export function extractFullTextTask(services: Services): JobWork {
  return async (raw, helpers) => {
    const { feedId } = payload.parse(raw);
    const { done, failed } = await extractFeedArticles(services, feedId);
    if (done + failed > 0) helpers.logger.info(`full articles of feed ${feedId}: ${done} read, ${failed} failed`);
  };
}
