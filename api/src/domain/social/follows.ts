import { InvalidInputError, NotFoundError } from '../errors.ts';
import { uuid } from '../fields.ts';
import { announceNotifications, createNotifications } from '../notifications.ts';
import type { Services, Viewer } from '../services.ts';

const publicUserSelect = { id: true, username: true, displayName: true, avatarUrl: true } as const;

async function otherUser(services: Services, viewer: Viewer, userId: unknown) {
  const id = uuid.safeParse(userId);
  const user = id.success ? await services.db.user.findUnique({ where: { id: id.data }, select: publicUserSelect }) : null;
  if (!user) throw new NotFoundError('User not found');
  if (user.id === viewer.id) throw new InvalidInputError('You cannot follow yourself');
  return user;
}

/** Follows a user (idempotent); the first follow notifies them. */
export async function follow(services: Services, viewer: Viewer, userId: unknown) {
  const user = await otherUser(services, viewer, userId);
  const notified = await services.db.$transaction(async (tx) => {
    const { count } = await tx.follow.createMany({ data: [{ followerId: viewer.id, followingId: user.id }], skipDuplicates: true });
    if (count === 0) return [];
    return createNotifications(tx, [
      { userId: user.id, type: 'new_follower', content: `@${viewer.username} started following you`, fromUserId: viewer.id },
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

/** The users the viewer follows, most recently followed first. */
export async function listFollowing(services: Services, viewer: Viewer) {
  const rows = await services.db.follow.findMany({
    where: { followerId: viewer.id },
    orderBy: { createdAt: 'desc' },
    select: { following: { select: publicUserSelect } },
  });
  return rows.map((row) => row.following);
}

/** The viewer's followers, most recent first. */
export async function listFollowers(services: Services, viewer: Viewer) {
  const rows = await services.db.follow.findMany({
    where: { followingId: viewer.id },
    orderBy: { createdAt: 'desc' },
    select: { follower: { select: publicUserSelect } },
  });
  return rows.map((row) => row.follower);
}
