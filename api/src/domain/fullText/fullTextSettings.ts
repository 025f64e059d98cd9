import { z } from 'zod';
import type { Prisma } from '../../generated/prisma/client.ts';
import { selectorProblem } from '../../ingest/extractArticle.ts';
import type { Services } from '../core/services.ts';
import { addFeedExtractionJob, queueRecentArticles } from './fullTextQueue.ts';

export const SELECTOR_MAX = 200;
export const REMOVE_SELECTORS_MAX = 20;

const selector = z
  .string({ error: 'A selector must be text' })
  .trim()
  .min(1, 'A selector cannot be empty')
  .max(SELECTOR_MAX, `A selector must be at most ${SELECTOR_MAX} characters`)
  .superRefine((text, context) => {
    const problem = selectorProblem(text);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** A subscriber's full-article settings; a field left out keeps its value. */
export const fullTextSettingsFields = {
  fullText: z.boolean({ error: 'fullText must be true or false' }).optional(),
  contentSelector: z
    .union([z.literal('').transform(() => null), selector, z.null()], { error: 'contentSelector must be a CSS selector or null' })
    .optional(),
  removeSelectors: z
    .array(selector, { error: 'removeSelectors must be a list of CSS selectors' })
    .max(REMOVE_SELECTORS_MAX, `At most ${REMOVE_SELECTORS_MAX} selectors to remove`)
    .optional(),
};

export type FullTextSettings = { fullText?: boolean; contentSelector?: string | null; removeSelectors?: string[] };

type SubscriptionRow = { id: string; feedId: string; fullText: boolean };

/**
 * Applies a subscriber's full-article settings inside the caller's transaction. Turning the full articles on queues
 * the feed's newest FULL_TEXT_RECENT_ARTICLES that have none; changing the feed's site rules (shared by its
 * subscribers, like the articles read with them) queues them all again. Either adds the feed's extraction job.
 */
export async function applyFullTextSettings(
  tx: Prisma.TransactionClient,
  services: Pick<Services, 'jobs' | 'config'>,
  subscription: SubscriptionRow,
  settings: FullTextSettings,
): Promise<void> {
  const { fullText, contentSelector, removeSelectors } = settings;
  const limit = services.config.fullTextRecentArticles;
  let queued = 0;
  if (fullText !== undefined && fullText !== subscription.fullText) {
    await tx.subscription.update({ where: { id: subscription.id }, data: { fullText } });
    if (fullText) queued += await queueRecentArticles(tx, subscription.feedId, limit);
  }
  if (contentSelector !== undefined || removeSelectors !== undefined) {
    const feed = await tx.feed.findUniqueOrThrow({
      where: { id: subscription.feedId },
      select: { fullTextSelector: true, fullTextRemove: true },
    });
    const rules = {
      fullTextSelector: contentSelector === undefined ? feed.fullTextSelector : contentSelector,
      fullTextRemove: removeSelectors ?? feed.fullTextRemove,
    };
    if (rules.fullTextSelector !== feed.fullTextSelector || rules.fullTextRemove.join('\n') !== feed.fullTextRemove.join('\n')) {
      await tx.feed.update({ where: { id: subscription.feedId }, data: rules });
      queued += await queueRecentArticles(tx, subscription.feedId, limit, { again: true });
    }
  }
  if (queued > 0) await addFeedExtractionJob(services, tx, subscription.feedId);
}
