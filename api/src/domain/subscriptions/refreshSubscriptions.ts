import { releaseLease, tryAcquireLease } from '../core/leases.ts';
import type { Services, Viewer } from '../core/services.ts';
import { displayTitle, findOwnSubscription } from './subscriptions.ts';
import { refreshFeed, type RefreshOutcome } from '../refresh/refreshFeed.ts';

export const REFRESH_ALL_CONCURRENCY = 4;
const REFRESH_ALL_LEASE_MS = 10 * 60 * 1000;

/**
 * Refreshes the feed of one of the viewer's subscriptions now: how many articles were new, or why not. A newsletter
 * has nothing to fetch (its issues arrive by mail): none new, no error.
 */
export async function refreshSubscription(services: Services, viewer: Viewer, subscriptionId: unknown): Promise<RefreshOutcome> {
  const subscription = await findOwnSubscription(services, viewer, subscriptionId);
  if (subscription.feed.kind === 'newsletter') return { articlesAdded: 0, error: null };
  return refreshFeed(services, subscription.feedId);
}

/**
 * A feed whose refresh failed, named as the viewer sees it, with the reason (as stored on the feed) and, when its
 * server asked to wait (Retry-After), the time before which no path fetches it.
 */
export type FailedFeed = { feedId: string; subscriptionId: string; title: string; error: string; retryAt: Date | null };

export type RefreshAllOutcome = {
  articlesAdded: number;
  feedsRefreshed: number;
  failed: number;
  failedFeeds: FailedFeed[];
  alreadyRunning: boolean;
};

/**
 * Refreshes every feed the viewer follows, a few at a time; one feed's failure never stops the others.
 * A second request while one runs for the same user (on any replica) is ignored: it answers alreadyRunning.
 */
export async function refreshAllSubscriptions(services: Services, viewer: Viewer): Promise<RefreshAllOutcome> {
  const leaseKey = `refresh-all:${viewer.id}`;
  if (!(await tryAcquireLease(services, leaseKey, REFRESH_ALL_LEASE_MS))) {
    return { articlesAdded: 0, feedsRefreshed: 0, failed: 0, failedFeeds: [], alreadyRunning: true };
  }
  try {
    const queue = await services.db.subscription.findMany({
      // Newsletters arrive by mail: nothing to fetch.
      where: { userId: viewer.id, feed: { kind: 'feed' } },
      select: { id: true, feedId: true, title: true, feed: { select: { title: true, url: true } } },
      orderBy: { id: 'asc' },
    });
    const outcome: RefreshAllOutcome = { articlesAdded: 0, feedsRefreshed: 0, failed: 0, failedFeeds: [], alreadyRunning: false };
    const worker = async () => {
      for (let subscription = queue.shift(); subscription; subscription = queue.shift()) {
        const { feedId } = subscription;
        const result: RefreshOutcome = await refreshFeed(services, feedId).catch((error: unknown) => {
          services.log.error({ err: error, feedId }, 'refresh-all: feed refresh crashed');
          return { articlesAdded: 0, error: 'Refresh failed' };
        });
        outcome.feedsRefreshed += 1;
        outcome.articlesAdded += result.articlesAdded;
        if (result.error) {
          outcome.failed += 1;
          const { id: subscriptionId } = subscription;
          const { error, retryAt = null } = result;
          outcome.failedFeeds.push({ feedId, subscriptionId, title: displayTitle(subscription), error, retryAt });
        }
      }
    };
    await Promise.all(Array.from({ length: REFRESH_ALL_CONCURRENCY }, worker));
    // Workers finish in any order; the answer lists the failures as the sidebar does.
    outcome.failedFeeds.sort((a, b) => (a.subscriptionId < b.subscriptionId ? -1 : 1));
    return outcome;
  } finally {
    await releaseLease(services, leaseKey);
  }
}
