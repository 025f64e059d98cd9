import { z } from 'zod';
import { Prisma } from '../../generated/prisma/client.ts';
import type { ArticlesArrived, ChangedUnreadCounts } from '../../realtime/events.ts';
import { parseInput } from '../core/errors.ts';
import { uuid } from '../core/fields.ts';
import type { Services, Viewer } from '../core/services.ts';

const ids = z.array(uuid);

/**
 * How many unread articles the viewer has in each of these feeds (or each of their feeds with any, when
 * `feedIds` is left out). Read from FeedUnreadCount, which triggers keep equal to the UnreadArticle rows, so it is
 * one range of the viewer's counter rows however many articles are unread (see `npm run bench:reading`). A feed
 * without unread articles, or not the viewer's, counts 0.
 */
export async function unreadCountsByFeed(services: Services, viewer: Viewer, feedIds?: readonly string[]): Promise<Map<string, number>> {
  const wanted = feedIds === undefined ? null : parseInput(ids, feedIds);
  const rows = await services.readDb.$queryRaw<{ id: string; count: number }[]>(unreadCountsSql(viewer.id, 'feed', wanted));
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
        WHERE s."userId" = ${viewerId}::uuid AND s."folderId" = ANY(${ids ?? []}::uuid[]) AND NOT s.muted
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

/**
 * A folder's count is the sum of its subscriptions' but the muted ones': one grouped statement for all these folders
 * of the viewer.
 */
export async function unreadCountsByFolder(services: Services, viewer: Viewer, folderIds: readonly string[]): Promise<Map<string, number>> {
  const wanted = parseInput(ids, folderIds);
  const rows = await services.readDb.$queryRaw<{ id: string; count: number }[]>(unreadCountsSql(viewer.id, 'folder', wanted));
  const counts = new Map(rows.map((row) => [row.id, row.count]));
  return new Map(wanted.map((id) => [id, counts.get(id) ?? 0]));
}

/**
 * Which counts a change moved, for each user it touched: every subscription and folder of theirs (`all`); or the
 * subscriptions of `feedIds` and every subscription in `folderIds`, with the folders holding them, and the folders
 * a subscription left (`leftFolderIds`: only the folder's count moved).
 */
export type UnreadChange =
  { all: true } | { feedIds?: readonly string[]; folderIds?: readonly string[]; leftFolderIds?: readonly string[] };

/**
 * The counts a change moved, of every one of these users, in one statement however many they are (a refresh tells
 * all the feed's subscribers at once): the subscriptions the change names, with their feeds' counter rows, and the
 * folders holding them (or named), each the sum over all its subscriptions.
 */
export async function changedUnreadCounts(
  services: Pick<Services, 'db'>,
  userIds: readonly string[],
  change: UnreadChange,
): Promise<Map<string, ChangedUnreadCounts>> {
  const users = [...new Set(userIds)];
  const byUser = new Map(users.map((id) => [id, { subscriptions: [], folders: [] } as ChangedUnreadCounts]));
  if (users.length === 0) return byUser;
  const feedIds = 'all' in change ? [] : [...(change.feedIds ?? [])];
  const folderIds = 'all' in change ? [] : [...(change.folderIds ?? [])];
  const leftFolderIds = 'all' in change ? [] : [...(change.leftFolderIds ?? [])];
  if (!('all' in change) && feedIds.length + folderIds.length + leftFolderIds.length === 0) return byUser;
  const named =
    'all' in change ? Prisma.empty : Prisma.sql`AND (s."feedId" = ANY(${feedIds}::uuid[]) OR s."folderId" = ANY(${folderIds}::uuid[]))`;
  const rows = await services.db.$queryRaw<
    { kind: 'subscription' | 'folder'; userId: string; id: string; feedId: string | null; count: number }[]
  >`
    WITH changed AS (
      SELECT s.id, s."userId", s."feedId", s."folderId" FROM "Subscription" s
      WHERE s."userId" = ANY(${users}::uuid[]) ${named}
    ), folders AS (
      SELECT f.id, f."userId" FROM "Folder" f
      WHERE f."userId" = ANY(${users}::uuid[])
        AND (f.id IN (SELECT "folderId" FROM changed) OR f.id = ANY(${[...folderIds, ...leftFolderIds]}::uuid[]))
    )
    SELECT 'subscription' AS kind, c."userId"::text AS "userId", c.id::text AS id, c."feedId"::text AS "feedId", COALESCE(u."count", 0)::int AS count
    FROM changed c LEFT JOIN "FeedUnreadCount" u ON u."userId" = c."userId" AND u."feedId" = c."feedId"
    UNION ALL
    SELECT 'folder', f."userId"::text, f.id::text, NULL, COALESCE(sum(u."count"), 0)::int
    FROM folders f
    LEFT JOIN "Subscription" s ON s."folderId" = f.id AND NOT s.muted
    LEFT JOIN "FeedUnreadCount" u ON u."userId" = s."userId" AND u."feedId" = s."feedId"
    GROUP BY f."userId", f.id
    ORDER BY 1 DESC, 3`;
  for (const row of rows) {
    const counts = byUser.get(row.userId)!;
    if (row.kind === 'subscription') counts.subscriptions.push({ subscriptionId: row.id, feedId: row.feedId!, unreadCount: row.count });
    else counts.folders.push({ folderId: row.id, unreadCount: row.count });
  }
  return byUser;
}

// The announcement still running or queued last for each user, per event bus: one user's announcements from this
// process are read and published in the order of their changes, so an earlier change's counts, read before a later
// change committed, never arrive after the later one's.
const lastAnnouncement = new WeakMap<object, Map<string, Promise<void>>>();

/**
 * Articles a change brought: how many a refresh stored in its feed, or 'subscribed' for the user's own new
 * subscription (its articles are then the subscription's unread count).
 */
export type Arrival = { articles: number } | 'subscribed';

/**
 * Tells the users' open tabs the counts the change moved, read once here for all of them (one statement) and
 * carried by the event, so no connection reads anything to deliver it; with `arrival`, the event also says that new
 * articles arrived, so an open list can offer them. Call it after the change committed. A failure to read is logged
 * and not thrown: the change itself is done, and the next event or reload corrects the counts.
 */
export async function announceUnreadChanged(
  services: Pick<Services, 'db' | 'events' | 'log'>,
  userIds: Iterable<string>,
  change: UnreadChange,
  arrival?: Arrival,
): Promise<void> {
  const users = [...new Set(userIds)];
  if (users.length === 0) return;
  let queues = lastAnnouncement.get(services.events);
  if (!queues) lastAnnouncement.set(services.events, (queues = new Map()));
  const running = queues;
  const before = users.map((id) => running.get(id));
  const announcement = Promise.all(before).then(async () => {
    try {
      for (const [userId, counts] of await changedUnreadCounts(services, users, change)) {
        if (counts.subscriptions.length + counts.folders.length === 0) continue;
        services.events.publish('unread:changed', userId, arrival ? { ...counts, arrived: arrived(arrival, counts) } : counts);
      }
    } catch (error) {
      services.log.error({ err: error }, 'unread counts could not be read for the live event');
    }
  });
  for (const id of users) running.set(id, announcement);
  await announcement;
  for (const id of users) if (running.get(id) === announcement) running.delete(id);
}

function arrived(arrival: Arrival, counts: ChangedUnreadCounts): ArticlesArrived {
  if (arrival !== 'subscribed') return { articles: arrival.articles, subscribed: false };
  return { articles: counts.subscriptions.reduce((sum, { unreadCount }) => sum + unreadCount, 0), subscribed: true };
}
