import type { ConversationChange } from '../../realtime/events.ts';
import { InvalidInputError, NotFoundError, parseInput } from '../core/errors.ts';
import { decodeKeyset, encodeKeyset } from '../core/keyset.ts';
import { pageInput, toPage, type Page } from '../core/pages.ts';
import { uuid } from '../core/fields.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { Services, Viewer } from '../core/services.ts';
import type { PublicUser } from '../core/publicUser.ts';

// Muting a person keeps their shares, comments and mentions from the muter. It is applied where each is read or
// made: shares by the one share-visibility rule (access/shareVisibility.ts), comments by `listComments`, and
// notifications by `createNotifications`. The muted person is never told: nothing they can read changes.
// A block (social/blocks.ts) implies a mute and is the same row: each of those rules reads the row alone, so it keeps a
// blocked person out too. `explicit` says the muter muted them themselves, so that unmuting leaves a block in place and
// unblocking leaves a mute.

const publicUserSelect = { id: true, username: true, displayName: true, avatarUrl: true } as const;

async function otherUser(services: Services, viewer: Viewer, userId: unknown) {
  const id = uuid.safeParse(userId);
  const user = id.success ? await services.db.user.findUnique({ where: { id: id.data }, select: publicUserSelect }) : null;
  if (!user) throw new NotFoundError('User not found');
  if (user.id === viewer.id) throw new InvalidInputError('You cannot mute yourself');
  return user;
}

/** Mutes a user (idempotent): the viewer no longer sees their shares or comments, nor hears of their mentions. */
export async function mute(services: Services, viewer: Viewer, userId: unknown): Promise<PublicUser> {
  const user = await otherUser(services, viewer, userId);
  await services.db.mute.upsert({
    where: { muterId_mutedId: { muterId: viewer.id, mutedId: user.id } },
    create: { muterId: viewer.id, mutedId: user.id },
    update: { explicit: true },
  });
  return user;
}

/**
 * Unmutes a user (idempotent): what they shared and wrote shows again, and their new mentions notify again, unless the
 * viewer also blocked them (the block stays, and keeps them muted until it is lifted).
 */
export async function unmute(services: Services, viewer: Viewer, userId: unknown): Promise<PublicUser> {
  const user = await otherUser(services, viewer, userId);
  const pair = { muterId: viewer.id, mutedId: user.id };
  await services.db.$transaction([
    services.db.mute.deleteMany({ where: { ...pair, blockedAt: null } }),
    services.db.mute.updateMany({ where: { ...pair, blockedAt: { not: null } }, data: { explicit: false } }),
  ]);
  return user;
}

/** Whether the viewer keeps `userId` out: muted them or blocked them. */
export async function hasMuted(services: Services, viewer: Pick<Viewer, 'id'>, userId: string): Promise<boolean> {
  return (await services.db.mute.count({ where: { muterId: viewer.id, mutedId: userId } })) > 0;
}

/** A condition on a row's author (its `user` relation): someone `viewer` has not muted. */
export function notMutedBy(viewer: Pick<Viewer, 'id'>): Prisma.UserWhereInput {
  return { mutedBy: { none: { muterId: viewer.id } } };
}

export const MUTE_PAGE_DEFAULT = 50;
export const MUTE_PAGE_MAX = 200;

const mutePageInput = pageInput(MUTE_PAGE_DEFAULT, MUTE_PAGE_MAX);

/**
 * The users the viewer has muted themselves (not those only blocked), most recently muted first, a page at a time
 * (keyset on createdAt, mutedId).
 */
export async function listMutes(services: Services, viewer: Viewer, input: unknown): Promise<Page<PublicUser>> {
  const { first, after } = parseInput(mutePageInput, input ?? {});
  const position = after ? decodeKeyset(after) : null;
  const rows = await services.db.mute.findMany({
    where: {
      muterId: viewer.id,
      explicit: true,
      ...(position && { OR: [{ createdAt: { lt: position.time } }, { createdAt: position.time, mutedId: { lt: position.id } }] }),
    },
    orderBy: [{ createdAt: 'desc' }, { mutedId: 'desc' }],
    take: first + 1,
    select: { createdAt: true, muted: { select: publicUserSelect } },
  });
  const page = toPage(rows, first, (row) => encodeKeyset({ time: row.createdAt, id: row.muted.id }));
  return { ...page, items: page.items.map((row) => row.muted) };
}

/**
 * Whether the viewer takes in this change of a conversation live: not a comment by someone they muted (a deletion
 * passes: taking a comment out that is not on screen changes nothing).
 */
export async function hearsConversationChange(
  services: Services,
  viewer: Pick<Viewer, 'id'>,
  change: ConversationChange,
): Promise<boolean> {
  if (change.change === 'deleted') return true;
  const comment = await services.db.comment.findUnique({ where: { id: change.commentId }, select: { userId: true } });
  return comment !== null && !(await hasMuted(services, viewer, comment.userId));
}
