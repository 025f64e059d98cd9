import type { Services, Viewer } from './services.ts';

/**
 * A feed's address as people who do not subscribe to it see it: without its query, fragment and user-info,
 * which may hold a secret (`?token=`, `user:password@`). Its subscribers, who gave it, see it whole.
 */
export function publicFeedAddress(url: string): string {
  try {
    const address = new URL(url);
    address.username = '';
    address.password = '';
    address.search = '';
    address.hash = '';
    return address.toString();
  } catch {
    return '';
  }
}

/** The feed's address as the viewer may see it: whole for a subscriber, else `publicFeedAddress`. */
export function feedAddressFor(feed: { url: string }, viewerSubscribes: boolean): string {
  return viewerSubscribes ? feed.url : publicFeedAddress(feed.url);
}

/** Which of the feeds `feedIds` the viewer subscribes to, in one statement. */
export async function subscribedFeedIds(services: Services, viewer: Viewer | null, feedIds: readonly string[]): Promise<Set<string>> {
  if (!viewer) return new Set();
  const rows = await services.db.subscription.findMany({
    where: { userId: viewer.id, feedId: { in: [...feedIds] } },
    select: { feedId: true },
  });
  return new Set(rows.map((row) => row.feedId));
}
