import { z } from 'zod';
import { Prisma } from '../../generated/prisma/client.ts';
import { NotFoundError, parseInput } from '../core/errors.ts';
import { uuid } from '../core/fields.ts';
import { notificationInclude, notificationPageLimit, withLinkFor } from './notifications.ts';
import type { Services, Viewer } from '../core/services.ts';
import type { PublicUser } from '../core/publicUser.ts';

/**
 * Grouping is decided when a notification is written: its `groupKey` names its group, and the list shows one
 * row per key, headed by the newest member. A group's id is its head's id, so the keyset cursor stays one
 * time-ordered id, and a new member moves the group to the top.
 */
export const notificationGroupKey = {
  /** Mentions in the comments of one article (its comment thread). */
  commentMentions: (articleId: string) => `comment_mention:${articleId}`,
  followers: 'new_follower',
} as const;

/** The actors a group names (the newest first); the rest are counted. */
const ACTORS_SHOWN = 3;

const listInput = z.object({
  limit: notificationPageLimit,
  before: z.uuid('before must be a notification group id').optional(),
});

type Head = Prisma.NotificationGetPayload<{ include: typeof notificationInclude }> & { groupKey: string | null };

export type NotificationGroup = {
  /** The id of the newest member (the head). */
  id: string;
  /** The newest member: where a click goes, and the group's type and time. */
  latest: Head;
  /** One sentence for the row: the head's own text, or who did it and how often. */
  summary: string;
  count: number;
  unreadCount: number;
  read: boolean;
  /** Distinct people behind the members. */
  actorCount: number;
  /** Up to three of them, the most recent first. */
  actors: PublicUser[];
};

/** Which of a user's notifications head their groups: ungrouped ones, and the newest of each key. */
const isHead = Prisma.sql`(n."groupKey" IS NULL OR NOT EXISTS (
  SELECT 1 FROM "Notification" m WHERE m."userId" = n."userId" AND m."groupKey" = n."groupKey" AND m."id" > n."id"))`;

/** The viewer's notification groups, newest first, a page at a time (keyset on the head's id), and how many are unread. */
export async function listNotificationGroups(services: Services, viewer: Viewer, input: unknown) {
  const { limit, before } = parseInput(listInput, input);
  const [headIds, unreadCount] = await Promise.all([
    services.db.$queryRaw<{ id: string }[]>`
      SELECT n."id" FROM "Notification" n
      WHERE n."userId" = ${viewer.id}::uuid ${before ? Prisma.sql`AND n."id" < ${before}::uuid` : Prisma.empty} AND ${isHead}
      ORDER BY n."id" DESC LIMIT ${limit + 1}`,
    countUnreadNotificationGroups(services, viewer),
  ]);
  const groups = await loadNotificationGroups(
    services,
    viewer,
    headIds.slice(0, limit).map((row) => row.id),
  );
  return { groups, hasMore: headIds.length > limit, unreadCount };
}

/** How many groups have an unread member: the number the bell shows, one per row the list shows in bold. */
export async function countUnreadNotificationGroups(services: Services, viewer: Viewer): Promise<number> {
  const [row] = await services.db.$queryRaw<{ count: number }[]>`
    SELECT count(DISTINCT coalesce("groupKey", "id"::text))::int AS count FROM "Notification"
    WHERE "userId" = ${viewer.id}::uuid AND NOT "read"`;
  return row?.count ?? 0;
}

/**
 * Marks the group that `groupId` heads read: that member and the older ones of its key. A member that arrived
 * after the viewer saw the group stays unread. Idempotent; another user's group is 'not found'.
 */
export async function markNotificationGroupRead(services: Services, viewer: Viewer, groupId: unknown): Promise<NotificationGroup> {
  const id = uuid.safeParse(groupId);
  const notFound = new NotFoundError('Notification not found');
  if (!id.success) throw notFound;
  const head = await services.db.notification.findFirst({ where: { id: id.data, userId: viewer.id }, select: { groupKey: true } });
  if (!head) throw notFound;
  await services.db.notification.updateMany({
    where: head.groupKey ? { userId: viewer.id, groupKey: head.groupKey, id: { lte: id.data }, read: false } : { id: id.data },
    data: { read: true },
  });
  const [group] = await loadNotificationGroups(services, viewer, [id.data], id.data);
  return group!;
}

/**
 * The viewer's groups these notifications head, in their order (another user's are left out). `upTo` counts only
 * members up to that id (a group read as the viewer saw it); otherwise a group is every member of its key.
 */
export async function loadNotificationGroups(
  services: Services,
  viewer: Viewer,
  headIds: readonly string[],
  upTo?: string,
): Promise<NotificationGroup[]> {
  const ids = headIds.filter((id) => uuid.safeParse(id).success);
  if (ids.length === 0) return [];
  const heads = await services.db.notification.findMany({ where: { id: { in: ids }, userId: viewer.id }, include: notificationInclude });
  const keys = heads.flatMap((head) => (head.groupKey ? [head.groupKey] : []));
  const inKeys = Prisma.sql`"userId" = ${viewer.id}::uuid AND "groupKey" IN (${keys.length ? Prisma.join(keys) : null})
    ${upTo ? Prisma.sql`AND "id" <= ${upTo}::uuid` : Prisma.empty}`;
  const [stats, actorRows] = await Promise.all([
    services.db.$queryRaw<{ groupKey: string; count: number; unread: number; actors: number }[]>`
      SELECT "groupKey", count(*)::int AS count, (count(*) FILTER (WHERE NOT "read"))::int AS unread,
        count(DISTINCT "fromUserId")::int AS actors
      FROM "Notification" WHERE ${inKeys} GROUP BY "groupKey"`,
    services.db.$queryRaw<{ groupKey: string; fromUserId: string }[]>`
      SELECT "groupKey", "fromUserId" FROM (
        SELECT "groupKey", "fromUserId", row_number() OVER (PARTITION BY "groupKey" ORDER BY max("id"::text COLLATE "C") DESC) AS rank
        FROM "Notification" WHERE ${inKeys} AND "fromUserId" IS NOT NULL GROUP BY "groupKey", "fromUserId") ranked
      WHERE rank <= ${ACTORS_SHOWN} ORDER BY "groupKey", rank`,
  ]);
  const users = await services.db.user.findMany({
    where: { id: { in: [...new Set(actorRows.map((row) => row.fromUserId))] } },
    select: { id: true, username: true, displayName: true, avatarUrl: true },
  });
  const userById = new Map(users.map((user) => [user.id, user]));
  const statsByKey = new Map(stats.map((row) => [row.groupKey, row]));
  const headById = new Map(heads.map((head) => [head.id, head]));

  return ids.flatMap((headId) => {
    const head = headById.get(headId);
    if (!head) return [];
    const stat = head.groupKey ? statsByKey.get(head.groupKey) : undefined;
    const actors = actorRows.filter((row) => row.groupKey === head.groupKey).flatMap((row) => userById.get(row.fromUserId) ?? []);
    const group = {
      id: head.id,
      latest: withLinkFor(viewer, head),
      count: stat?.count ?? 1,
      unreadCount: stat?.unread ?? (head.read ? 0 : 1),
      actorCount: stat?.actors ?? (head.fromUser ? 1 : 0),
      actors: stat ? actors : head.fromUser ? [head.fromUser] : [],
    };
    return [{ ...group, read: group.unreadCount === 0, summary: groupSummary(group) }];
  });
}

type SummaryParts = Pick<NotificationGroup, 'latest' | 'count' | 'actorCount' | 'actors'>;

/** 'alice and 3 others mentioned you in comments on "Title"', '@bob and @carol started following you'. */
export function groupSummary({ latest, count, actorCount, actors }: SummaryParts): string {
  if (count === 1) return latest.content;
  const [first, second] = actors.map((actor) => `@${actor.username}`);
  const who =
    actorCount <= 1
      ? (first ?? 'Someone')
      : actorCount === 2 && second
        ? `${first} and ${second}`
        : `${first} and ${actorCount - 1} ${actorCount === 2 ? 'other' : 'others'}`;
  if (latest.type === 'new_follower') return `${who} started following you`;
  const title = latest.comment?.article.title;
  const times = actorCount <= 1 ? ` ${count} times` : '';
  return `${who} mentioned you${times} in comments on "${title || 'an article'}"`;
}
