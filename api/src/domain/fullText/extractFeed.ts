import type { Services } from '../core/services.ts';
import { attemptExtraction, claimDueArticles } from './extractFullText.ts';
import { addFeedExtractionJob } from './fullTextQueue.ts';

/** Pages of one feed read at once: one site's pages, within its host's fetch slots (FEED_FETCHES_PER_HOST). */
export const PAGES_AT_ONCE = 2;

/** What a pass over a feed did. */
export type FeedExtraction = { done: number; failed: number; nextRunAt: Date | null };

/**
 * The feed's extraction job: reads the feed's due articles, PAGES_AT_ONCE at a time, until none is due, then queues
 * itself for the earliest retry of a failure, if any. The running job's own retries are Graphile Worker's.
 */
export async function extractFeedArticles(services: Services, feedId: string): Promise<FeedExtraction> {
  const outcome = { done: 0, failed: 0 };
  for (let emptyClaims = 0; ;) {
    const claimed = await claimDueArticles(services.db, feedId, PAGES_AT_ONCE);
    for (const result of await Promise.all(claimed.map((article) => attemptExtraction(services, article, 'interactive')))) {
      outcome[result.status] += 1;
    }
    if (claimed.length > 0) continue;
    // Articles queued since the last claim are due now: the loop takes them rather than leave them to the next run,
    // once; a second empty claim leaves them to a run a minute on.
    const next = await nextRunOf(services, feedId);
    if (next !== null && next.getTime() <= Date.now() && emptyClaims++ === 0) continue;
    const runAt = next && new Date(Math.max(next.getTime(), Date.now() + (emptyClaims > 1 ? 60_000 : 0)));
    if (runAt) await addFeedExtractionJob(services, services.db, feedId, runAt);
    return { ...outcome, nextRunAt: runAt };
  }
}

/** When the feed has an article to try next: now for a queued one, a failure's retry time, a claim's end; else null. */
async function nextRunOf(services: Services, feedId: string): Promise<Date | null> {
  const [next] = await services.db.$queryRaw<{ at: Date | null }[]>`
    SELECT min(COALESCE("nextAttemptAt", now())) AS at FROM "ArticleFullText"
    WHERE "feedId" = ${feedId}::uuid AND (status = 'pending' OR (status = 'failed' AND "nextAttemptAt" IS NOT NULL))`;
  return next?.at ?? null;
}
