import { InvalidInputError, NotFoundError, parseInput } from '../core/errors.ts';
import { decodeKeyset, encodeKeyset } from '../core/keyset.ts';
import { pageInput, toPage, type Page } from '../core/pages.ts';
import { uuid } from '../core/fields.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { Services, Viewer } from '../core/services.ts';
import type { PublicUser } from '../core/publicUser.ts';

type Tx = Prisma.TransactionClient;

// Blocking a person does all muting does (social/mutes.ts) and more: their follow of the blocker ends, and they cannot
// follow again (social/follows.ts) while the block lasts. A block is the blocker's Mute row for them with `blockedAt`
// set, so the one rule per concern that keeps a muted person's shares, comments and mentions out keeps a blocked
// person's out too, unchanged. The blocked person is not told; what they learn is only what a refused follow says.
// Unblocking lifts the block and the mute it implied (not a mute the blocker chose themselves), and restores no follow.

const publicUserSelect = { id: true, username: true, displayName: true, avatarUrl: true } as const;

async function otherUser(services: Services, viewer: Viewer, userId: unknown) {
  const id = uuid.safeParse(userId);
  const user = id.success ? await services.db.user.findUnique({ where: { id: id.data }, select: publicUserSelect }) : null;
  if (!user) throw new NotFoundError('User not found');
  if (user.id === viewer.id) throw new InvalidInputError('You cannot block yourself');
  return user;
}

/**
 * Serializes a block of `followingId` against `followerId` with that person's follow of them, so that a follow made while
 * the block is being written cannot outlive it (`follow` takes the same lock before it checks).
 */
export async function lockFollowPair(tx: Tx, followerId: string, followingId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`follow:${followerId}:${followingId}`}, 0))`;
}

/**
 * Blocks a user (idempotent; a second block keeps the first one's time): they are muted, and their follow of the
 * viewer ends in the same transaction.
 */
export async function block(services: Services, viewer: Viewer, userId: unknown): Promise<PublicUser> {
  const user = await otherUser(services, viewer, userId);
  await services.db.$transaction(async (tx) => {
    await lockFollowPair(tx, user.id, viewer.id);
    await tx.$executeRaw`
      INSERT INTO "Mute" ("muterId", "mutedId", "explicit", "blockedAt")
      VALUES (${viewer.id}::uuid, ${user.id}::uuid, false, now())
      ON CONFLICT ("muterId", "mutedId") DO UPDATE SET "blockedAt" = COALESCE("Mute"."blockedAt", EXCLUDED."blockedAt")`;
    await tx.follow.deleteMany({ where: { followerId: user.id, followingId: viewer.id } });
  });
  return user;
}

/**
 * Unblocks a user (idempotent): they may follow the viewer again (their old follow is not restored), and they are
 * heard from again unless the viewer muted them themselves.
 */
export async function unblock(services: Services, viewer: Viewer, userId: unknown): Promise<PublicUser> {
  const user = await otherUser(services, viewer, userId);
  const pair = { muterId: viewer.id, mutedId: user.id };
  await services.db.$transaction([
    services.db.mute.deleteMany({ where: { ...pair, explicit: false } }),
    services.db.mute.updateMany({ where: { ...pair, explicit: true, blockedAt: { not: null } }, data: { blockedAt: null } }),
  ]);
  return user;
}

/** Whether `blocker` has blocked `userId` (`services.db` may be a transaction's). */
export async function hasBlocked(services: { db: Tx }, blocker: Pick<Viewer, 'id'>, userId: string): Promise<boolean> {
  return (await services.db.mute.count({ where: { muterId: blocker.id, mutedId: userId, blockedAt: { not: null } } })) > 0;
}

export const BLOCK_PAGE_DEFAULT = 50;
export const BLOCK_PAGE_MAX = 200;

const blockPageInput = pageInput(BLOCK_PAGE_DEFAULT, BLOCK_PAGE_MAX);

/** The users the viewer has blocked, most recently blocked first, a page at a time (keyset on blockedAt, mutedId). */
export async function listBlocks(services: Services, viewer: Viewer, input: unknown): Promise<Page<PublicUser>> {
  const { first, after } = parseInput(blockPageInput, input ?? {});
  const position = after ? decodeKeyset(after) : null;
  const rows = await services.db.mute.findMany({
    where: {
      muterId: viewer.id,
      blockedAt: { not: null },
      ...(position && { OR: [{ blockedAt: { lt: position.time } }, { blockedAt: position.time, mutedId: { lt: position.id } }] }),
    },
    orderBy: [{ blockedAt: 'desc' }, { mutedId: 'desc' }],
    take: first + 1,
    select: { blockedAt: true, muted: { select: publicUserSelect } },
  });
  const page = toPage(rows, first, (row) => encodeKeyset({ time: row.blockedAt!, id: row.muted.id }));
  return { ...page, items: page.items.map((row) => row.muted) };
}
