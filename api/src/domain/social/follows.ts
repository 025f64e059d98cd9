import { ForbiddenError, InvalidInputError, NotFoundError, parseInput } from '../core/errors.ts';
import { decodeKeyset, encodeKeyset } from '../core/keyset.ts';
import { pageInput, toPage, type Page } from '../core/pages.ts';
import { uuid } from '../core/fields.ts';
import { notificationGroupKey } from '../notifications/notificationGroups.ts';
import { announceNotifications, createNotifications } from '../notifications/notifications.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { Services, Viewer } from '../core/services.ts';
import type { PublicUser } from '../core/publicUser.ts';
import { hasBlocked, lockFollowPair } from './blocks.ts';

/**
 * The refusal to someone the user blocked: it says they cannot follow, as GitHub and Mastodon do, not why (a refusal
 * has to say something, and pretending to follow would show them a follow that is not there).
 */
export const FOLLOW_REFUSED = 'You cannot follow this user';

const publicUserSelect = { id: true, username: true, displayName: true, avatarUrl: true } as const;

async function otherUser(services: Services, viewer: Viewer, userId: unknown) {
  const id = uuid.safeParse(userId);
  const user = id.success ? await services.db.user.findUnique({ where: { id: id.data }, select: publicUserSelect }) : null;
  if (!user) throw new NotFoundError('User not found');
  if (user.id === viewer.id) throw new InvalidInputError('You cannot follow yourself');
  return user;
}

/** Follows a user (idempotent); the first follow notifies them. Refused to someone they blocked. */
export async function follow(services: Services, viewer: Viewer, userId: unknown) {
  const user = await otherUser(services, viewer, userId);
  const notified = await services.db.$transaction(async (tx) => {
    await lockFollowPair(tx, viewer.id, user.id);
    if (await hasBlocked({ db: tx }, user, viewer.id)) throw new ForbiddenError(FOLLOW_REFUSED);
    const { count } = await tx.follow.createMany({ data: [{ followerId: viewer.id, followingId: user.id }], skipDuplicates: true });
    if (count === 0) return [];
    return createNotifications(tx, [
      {
        userId: user.id,
        type: 'new_follower',
        content: `@${viewer.username} started following you`,
        fromUserId: viewer.id,
        groupKey: notificationGroupKey.followers,
      },
    ]);
  });
  announceNotifications(services, notified);
  return user;
}

/** Stops following a user (idempotent). */
export async function unfollow(services: Services, viewer: Viewer, userId: unknown) {
  const user = await otherUser(services, viewer, userId);
  await services.db.follow.deleteMany({ where: { followerId: viewer.id, followingId: user.id } });
  return user;
}

export const FOLLOW_PAGE_DEFAULT = 50;
export const FOLLOW_PAGE_MAX = 200;

const followPageInput = pageInput(FOLLOW_PAGE_DEFAULT, FOLLOW_PAGE_MAX);

/** The users the viewer follows, most recently followed first, a page at a time. */
export async function listFollowing(services: Services, viewer: Viewer, input: unknown): Promise<Page<PublicUser>> {
  const { first, where } = followPageWhere(input, 'followingId');
  const rows = await services.db.follow.findMany({
    where: { followerId: viewer.id, ...where },
    orderBy: [{ createdAt: 'desc' }, { followingId: 'desc' }],
    take: first + 1,
    select: { createdAt: true, following: { select: publicUserSelect } },
  });
  return followPage(
    rows.map((row) => ({ createdAt: row.createdAt, user: row.following })),
    first,
  );
}

/** The viewer's followers, most recent first, a page at a time. */
export async function listFollowers(services: Services, viewer: Viewer, input: unknown): Promise<Page<PublicUser>> {
  const { first, where } = followPageWhere(input, 'followerId');
  const rows = await services.db.follow.findMany({
    where: { followingId: viewer.id, ...where },
    orderBy: [{ createdAt: 'desc' }, { followerId: 'desc' }],
    take: first + 1,
    select: { createdAt: true, follower: { select: publicUserSelect } },
  });
  return followPage(
    rows.map((row) => ({ createdAt: row.createdAt, user: row.follower })),
    first,
  );
}

// Keyset on (createdAt, the other user's id), newest first: one range of Follow_<side>_createdAt_<other>_idx.
function followPageWhere(input: unknown, other: 'followerId' | 'followingId') {
  const { first, after } = parseInput(followPageInput, input ?? {});
  const position = after ? decodeKeyset(after) : null;
  const where: Prisma.FollowWhereInput = position
    ? { OR: [{ createdAt: { lt: position.time } }, { createdAt: position.time, [other]: { lt: position.id } }] }
    : {};
  return { first, where };
}

function followPage(rows: { createdAt: Date; user: PublicUser }[], first: number): Page<PublicUser> {
  const page = toPage(rows, first, (row) => encodeKeyset({ time: row.createdAt, id: row.user.id }));
  return { ...page, items: page.items.map((row) => row.user) };
}
