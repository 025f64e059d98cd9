import { releaseLease, tryAcquireLease } from '../leases.ts';
import type { Services, Viewer } from '../services.ts';
import { findOwnSubscription } from '../subscriptions.ts';
import { refreshFeed } from './refreshFeed.ts';

export const REFRESH_ALL_CONCURRENCY = 4;
const REFRESH_ALL_LEASE_MS = 10 * 60 * 1000;

/** Refreshes the feed of one of the viewer's subscriptions now and answers how many articles were new. */
export async function refreshSubscription(services: Services, viewer: Viewer, subscriptionId: unknown) {
  const subscription = await findOwnSubscription(services, viewer, subscriptionId);
  const outcome = await refreshFeed(services, subscription.feedId);
  return { articlesAdded: outcome.articlesAdded, error: outcome.error };
}

export type RefreshAllOutcome = { articlesAdded: number; feedsRefreshed: number; failed: number; alreadyRunning: boolean };

/**
 * Refreshes every feed the viewer follows, a few at a time; one feed's failure never stops the others.
 * A second request while one runs for the same user (on any replica) is ignored: it answers alreadyRunning.
 */
export async function refreshAllSubscriptions(services: Services, viewer: Viewer): Promise<RefreshAllOutcome> {
  const leaseKey = `refresh-all:${viewer.id}`;
  if (!(await tryAcquireLease(services, leaseKey, REFRESH_ALL_LEASE_MS))) {
    return { articlesAdded: 0, feedsRefreshed: 0, failed: 0, alreadyRunning: true };
  }
  try {
    const subscriptions = await services.db.subscription.findMany({ where: { userId: viewer.id }, select: { feedId: true } });
    const queue = subscriptions.map((subscription) => subscription.feedId);
    const outcome: RefreshAllOutcome = { articlesAdded: 0, feedsRefreshed: 0, failed: 0, alreadyRunning: false };
    const worker = async () => {
      for (let feedId = queue.shift(); feedId; feedId = queue.shift()) {
        const result = await refreshFeed(services, feedId).catch((error: unknown) => {
          services.log.error({ err: error, feedId }, 'refresh-all: feed refresh crashed');
          return { articlesAdded: 0, error: 'Refresh failed' };
        });
        outcome.feedsRefreshed += 1;
        outcome.articlesAdded += result.articlesAdded;
        if (result.error) outcome.failed += 1;
      }
    };
    await Promise.all(Array.from({ length: REFRESH_ALL_CONCURRENCY }, worker));
    return outcome;
  } finally {
    await releaseLease(services, leaseKey);
  }
}
