import { z } from 'zod';
import { Prisma } from '../../generated/prisma/client.ts';
import { parseInput } from '../errors.ts';
import { uuid } from '../fields.ts';
import type { Services, Viewer } from '../services.ts';

const ids = z.array(uuid);

/**
 * How many unread articles the viewer has in each of these feeds (or each of their feeds with any, when
 * `feedIds` is left out). Read from FeedUnreadCount, which triggers keep equal to the UnreadArticle rows, so it is
 * one range of the viewer's counter rows however many articles are unread (see `npm run bench:reading`). A feed
 * without unread articles, or not the viewer's, counts 0.
 */
export async function unreadCountsByFeed(services: Services, viewer: Viewer, feedIds?: readonly string[]): Promise<Map<string, number>> {
  const wanted = feedIds === undefined ? null : parseInput(ids, feedIds);
  const rows = await services.db.$queryRaw<{ id: string; count: number }[]>(unreadCountsSql(viewer.id, 'feed', wanted));
  const counts = new Map(rows.map((row) => [row.id, row.count]));
  return wanted ? new Map(wanted.map((id) => [id, counts.get(id) ?? 0])) : counts;
}

/** The count statements, by feed (all the viewer's when `ids` is null) or by folder (exported for the benchmark's EXPLAIN). */
export function unreadCountsSql(viewerId: string, by: 'feed' | 'folder', ids: string[] | null): Prisma.Sql {
  return by === 'feed'
    ? Prisma.sql`
        SELECT "feedId" AS id, "count" FROM "FeedUnreadCount"
        WHERE "userId" = ${viewerId}::uuid AND "count" > 0 ${ids ? Prisma.sql`AND "feedId" = ANY(${ids}::uuid[])` : Prisma.empty}`
    : Prisma.sql`
        SELECT s."folderId" AS id, sum(c."count")::int AS count
        FROM "Subscription" s JOIN "FeedUnreadCount" c ON c."userId" = s."userId" AND c."feedId" = s."feedId"
        WHERE s."userId" = ${viewerId}::uuid AND s."folderId" = ANY(${ids ?? []}::uuid[])
        GROUP BY s."folderId"`;
}

/** The subscriptions, each with the viewer's unread count of its feed (one statement for all). */
export async function withUnreadCounts<S extends { feedId: string }>(
  services: Services,
  viewer: Viewer,
  subscriptions: S[],
): Promise<(S & { unreadCount: number })[]> {
  const counts = await unreadCountsByFeed(
    services,
    viewer,
    subscriptions.map((subscription) => subscription.feedId),
  );
  return subscriptions.map((subscription) => ({ ...subscription, unreadCount: counts.get(subscription.feedId)! }));
}

/** A folder's count is the sum of its subscriptions': one grouped statement for all these folders of the viewer. */
export async function unreadCountsByFolder(services: Services, viewer: Viewer, folderIds: readonly string[]): Promise<Map<string, number>> {
  const wanted = parseInput(ids, folderIds);
  const rows = await services.db.$queryRaw<{ id: string; count: number }[]>(unreadCountsSql(viewer.id, 'folder', wanted));
  const counts = new Map(rows.map((row) => [row.id, row.count]));
  return new Map(wanted.map((id) => [id, counts.get(id) ?? 0]));
}

/**
 * Tells the users' open tabs that their unread counts moved. Call it after the change committed: a tab that
 * refetches on the event must see the new rows.
 */
export function announceUnreadChanged(services: Pick<Services, 'events'>, userIds: Iterable<string>): void {
  for (const userId of new Set(userIds)) services.events.publish('unread:changed', userId, {});
}
