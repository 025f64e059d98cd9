import { ConflictError, NotFoundError } from '../core/errors.ts';
import { createFolder, listFolders } from '../subscriptions/folders.ts';
import type { Services, Viewer } from '../core/services.ts';
import { displayTitle, listSubscriptions } from '../subscriptions/subscriptions.ts';

/** The viewer's subscription to a feed named by its number (digits) or its address; 'Feed not found' if none. */
export async function subscriptionOfFeed(services: Services, viewer: Viewer, feed: string): Promise<{ id: string; feedId: string }> {
  const number = /^\d{1,18}$/.test(feed) ? BigInt(feed) : null;
  const subscription = await services.db.subscription.findFirst({
    where: { userId: viewer.id, feed: number === null ? { url: feed } : { syncId: number } },
    select: { id: true, feedId: true },
  });
  if (!subscription) throw new NotFoundError('Feed not found');
  return subscription;
}

/** The viewer's folder of this name, made when they have none (a client moves feeds to labels by name). */
export async function folderNamed(services: Services, viewer: Viewer, name: string): Promise<{ id: string }> {
  const existing = await services.db.folder.findFirst({ where: { userId: viewer.id, name: name.trim() }, select: { id: true } });
  if (existing) return existing;
  return createFolder(services, viewer, { name }).catch(async (error: unknown) => {
    // Made by a concurrent call since the look-up.
    if (!(error instanceof ConflictError)) throw error;
    return services.db.folder.findFirstOrThrow({ where: { userId: viewer.id, name: name.trim() }, select: { id: true } });
  });
}

/** A subscription as the sync APIs list it: the feed's number and addresses, the viewer's title and folder. */
export type SyncSubscription = {
  feedId: string;
  feedSyncId: bigint;
  title: string;
  url: string;
  siteUrl: string | null;
  folder: { syncId: bigint; name: string } | null;
  lastFetchedAt: Date | null;
};

/** The viewer's subscriptions, oldest first, and their folders by name. */
export async function listSyncSubscriptions(services: Services, viewer: Viewer) {
  const [subscriptions, folders, numbers] = await Promise.all([
    listSubscriptions(services, viewer),
    listFolders(services, viewer),
    services.db.feed.findMany({ where: { subscriptions: { some: { userId: viewer.id } } }, select: { id: true, syncId: true } }),
  ]);
  const folderById = new Map(folders.map((folder) => [folder.id, { syncId: folder.syncId, name: folder.name }]));
  const feedNumber = new Map(numbers.map((feed) => [feed.id, feed.syncId]));
  return {
    folders,
    subscriptions: subscriptions.map((subscription): SyncSubscription => ({
      feedId: subscription.feedId,
      feedSyncId: feedNumber.get(subscription.feedId)!,
      title: displayTitle(subscription),
      url: subscription.feed.url,
      siteUrl: subscription.feed.siteUrl,
      folder: subscription.folderId ? (folderById.get(subscription.folderId) ?? null) : null,
      lastFetchedAt: subscription.feed.lastFetchedAt,
    })),
  };
}

/**
 * The viewer's unread counts of each feed that has any, with the date of its newest unread article: the counter
 * rows (FeedUnreadCount) and one index probe per feed for the newest, so the cost does not grow with the count.
 * `muted`: the subscription is muted (its own count stands; its folder's and the total leave it out).
 */
export async function unreadCountsWithNewest(services: Services, viewer: Viewer) {
  return services.db.$queryRaw<{ feedSyncId: bigint; folderName: string | null; muted: boolean; count: number; newest: Date | null }[]>`
    SELECT f."syncId" AS "feedSyncId", fo.name AS "folderName", s.muted, c."count",
      (SELECT u."publishedAt" FROM "UnreadArticle" u WHERE u."userId" = c."userId" AND u."feedId" = c."feedId"
       ORDER BY u."publishedAt" DESC LIMIT 1) AS newest
    FROM "FeedUnreadCount" c
    JOIN "Subscription" s ON s."userId" = c."userId" AND s."feedId" = c."feedId"
    JOIN "Feed" f ON f.id = c."feedId"
    LEFT JOIN "Folder" fo ON fo.id = s."folderId"
    WHERE c."userId" = ${viewer.id}::uuid AND c."count" > 0
    ORDER BY f."syncId"`;
}
