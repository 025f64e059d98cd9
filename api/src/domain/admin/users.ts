import { z } from 'zod';
import { Prisma } from '../../generated/prisma/client.ts';
import { deleteApiTokens } from '../accounts/apiTokens.ts';
import { createResetLink, expireOutstandingResets } from '../accounts/passwordReset.ts';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError, parseInput } from '../core/errors.ts';
import { uuid } from '../core/fields.ts';
import { announceEndedSessions, endSessions } from '../accounts/sessions.ts';
import type { Services, Viewer } from '../core/services.ts';
import { ADMINISTRATORS_ONLY, requireAdministrator } from '../access/administrators.ts';
import { containsPattern, numberedPageInput, type NumberedPage } from './paging.ts';

/** Users per page of the admin table. */
export const ADMIN_USERS_PAGE_SIZE = 20;
const SEARCH_MAX = 100;

export const NOT_ON_OWN_ROW = 'You cannot change or delete your own account from the admin panel';
export const LAST_ADMINISTRATOR = 'The last administrator cannot be demoted or deleted';
const USER_NOT_FOUND = 'User not found';

/** A user as the admin table shows them. */
export type AdminUser = {
  id: string;
  username: string;
  displayName: string | null;
  avatarUrl: string | null;
  email: string;
  role: 'user' | 'admin';
  createdAt: Date;
  counts: { subscriptions: number; shares: number; comments: number };
};

type AdminUserRow = Omit<AdminUser, 'counts'> & { subscriptions: number; shares: number; comments: number };

const listInput = numberedPageInput(ADMIN_USERS_PAGE_SIZE).extend({
  search: z
    .string({ error: 'search must be text' })
    .trim()
    .max(SEARCH_MAX, `search must be at most ${SEARCH_MAX} characters`)
    .nullish()
    .transform((search) => search || null),
});

const roleInput = z
  .object(
    {
      role: z.enum(['user', 'admin'], { error: 'role must be "user" or "admin"' }),
      isAdmin: z.boolean({ error: 'isAdmin must be true or false' }),
    },
    { error: 'The request body must be a JSON object' },
  )
  .strict();

/**
 * One page of the instance's users, newest first (ties by id, so pages never overlap), with their counts of
 * subscriptions, shares and comments. `search` matches username, display name or e-mail anywhere, ignoring case.
 * One statement for the page and its counts (each an index range of the page's users), one for the total.
 */
export async function listUsersForAdmin(services: Services, viewer: Viewer | null, input: unknown): Promise<NumberedPage<AdminUser>> {
  requireAdministrator(viewer);
  const { page, limit, search } = parseInput(listInput, input ?? {});
  const matches = search
    ? Prisma.sql`WHERE u.username ILIKE ${containsPattern(search)} OR u."displayName" ILIKE ${containsPattern(search)} OR u.email ILIKE ${containsPattern(search)}`
    : Prisma.empty;
  const [rows, [{ total }]] = await Promise.all([
    services.db.$queryRaw<AdminUserRow[]>`
      ${adminUserColumns()}
      FROM (SELECT * FROM "User" u ${matches} ORDER BY u."createdAt" DESC, u.id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}) u
      ORDER BY u."createdAt" DESC, u.id DESC`,
    services.db.$queryRaw<[{ total: number }]>`SELECT count(*)::int AS total FROM "User" u ${matches}`,
  ]);
  return { rows: rows.map(toAdminUser), total, page, limit };
}

function adminUserColumns(): Prisma.Sql {
  return Prisma.sql`SELECT u.id::text AS id, u.username::text AS username, u."displayName", u."avatarUrl", u.email::text AS email,
      u.role::text AS role, u."createdAt",
      (SELECT count(*) FROM "Subscription" s WHERE s."userId" = u.id)::int AS subscriptions,
      (SELECT count(*) FROM "Share" s WHERE s."userId" = u.id)::int AS shares,
      (SELECT count(*) FROM "Comment" c WHERE c."userId" = u.id)::int AS comments`;
}

function toAdminUser({ subscriptions, shares, comments, ...user }: AdminUserRow): AdminUser {
  return { ...user, counts: { subscriptions, shares, comments } };
}

async function findAdminUser(db: Prisma.TransactionClient, id: string): Promise<AdminUser> {
  const [row] = await db.$queryRaw<AdminUserRow[]>`${adminUserColumns()} FROM "User" u WHERE u.id = ${id}::uuid`;
  if (!row) throw new NotFoundError(USER_NOT_FOUND);
  return toAdminUser(row);
}

/** The user id of an admin call, or a 404 (a malformed id names no user), and never the acting administrator. */
function otherUserId(viewer: Viewer, userId: unknown): string {
  const id = uuid.safeParse(userId);
  if (!id.success) throw new NotFoundError(USER_NOT_FOUND);
  if (id.data === viewer.id) throw new ForbiddenError(NOT_ON_OWN_ROW);
  return id.data;
}

/**
 * Locks every administrator's row, in id order, and the target's, and checks that the acting administrator still
 * is one. Two administrators demoting or deleting each other at once therefore run one after the other, and the
 * second finds itself no longer an administrator: the instance can never be left without one.
 */
async function lockAdministrators(tx: Prisma.TransactionClient, viewer: Viewer, targetId: string) {
  const admins = await tx.$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM "User" WHERE role = 'admin' OR id = ${targetId}::uuid ORDER BY id FOR UPDATE`;
  const [target] = await tx.$queryRaw<{ role: 'user' | 'admin' }[]>`SELECT role::text AS role FROM "User" WHERE id = ${targetId}::uuid`;
  if (!admins.some((admin) => admin.id === viewer.id)) throw new ForbiddenError(ADMINISTRATORS_ONLY);
  if (!target) throw new NotFoundError(USER_NOT_FOUND);
  const adminCount = (await tx.$queryRaw<[{ n: number }]>`SELECT count(*)::int AS n FROM "User" WHERE role = 'admin'`)[0].n;
  return { target, adminCount };
}

/**
 * Promotes (role admin, isAdmin true) or demotes (role user, isAdmin false) another user; a pair
 * that disagrees is refused. Never the acting administrator's own row, never the last administrator.
 */
export async function updateUserRole(services: Services, viewer: Viewer | null, userId: unknown, input: unknown): Promise<AdminUser> {
  const admin = requireAdministrator(viewer);
  const id = otherUserId(admin, userId);
  const { role, isAdmin } = parseInput(roleInput, input);
  if (isAdmin !== (role === 'admin')) {
    throw new InvalidInputError('role and isAdmin must agree: role "admin" with isAdmin true, or role "user" with isAdmin false');
  }
  return services.db.$transaction(async (tx) => {
    const { target, adminCount } = await lockAdministrators(tx, admin, id);
    if (target.role === 'admin' && role === 'user' && adminCount <= 1) throw new ConflictError(LAST_ADMINISTRATOR);
    await tx.user.update({ where: { id }, data: { role }, select: { id: true } });
    return findAdminUser(tx, id);
  });
}

/**
 * Deletes another user and everything that is theirs (docs/api.md, "Deleting a user"): their sessions and API
 * tokens end (live connections close on every replica), their subscriptions, folders, reading state, likes, stars,
 * shares, comments, follows, notifications and unused invite codes go. Other people's data stays: their comments
 * on articles the user shared, and the codes the user made that others registered with (no longer linked to a
 * creator). Never the acting administrator's own row, never the last administrator.
 */
export async function deleteUser(services: Services, viewer: Viewer | null, userId: unknown): Promise<AdminUser> {
  const admin = requireAdministrator(viewer);
  const id = otherUserId(admin, userId);
  const { deleted, sessions, tokens } = await services.db.$transaction(async (tx) => {
    const { target, adminCount } = await lockAdministrators(tx, admin, id);
    if (target.role === 'admin' && adminCount <= 1) throw new ConflictError(LAST_ADMINISTRATOR);
    const deleted = await findAdminUser(tx, id);
    const sessions = await endSessions(tx, id, { allBut: null });
    const tokens = await deleteApiTokens(tx, id);
    await tx.inviteCode.deleteMany({ where: { createdById: id, usedAt: null } });
    // "X followed you" and the like would name nobody; what they wrote (comments, shares) cascades with the user.
    await tx.notification.deleteMany({ where: { fromUserId: id } });
    await tx.user.delete({ where: { id }, select: { id: true } });
    return { deleted, sessions, tokens };
  });
  announceEndedSessions(services, sessions);
  announceEndedSessions(services, { userId: id, sessionIds: tokens.map((token) => token.id) });
  return deleted;
}

/**
 * Makes a password reset link for another user, for an instance without e-mail, whose users cannot receive one when
 * signed out: the same single-use, one-hour link as the e-mailed one (`createResetLink`). It ends the user's earlier
 * outstanding links, so only the newest one handed out works. The answer is the only place the link is
 * seen: it is neither stored (only its token's hash) nor logged, and the user is not notified with it. Never the
 * acting administrator's own row (their password changes in Settings, with the current one).
 */
export async function createResetLinkAsAdmin(services: Services, viewer: Viewer | null, userId: unknown): Promise<string> {
  const admin = requireAdministrator(viewer);
  const id = otherUserId(admin, userId);
  const link = await services.db.$transaction(async (tx) => {
    // Held until the commit: a deletion of the user at the same moment waits for it (and takes the new link with it).
    const [user] = await tx.$queryRaw<{ id: string }[]>`SELECT id::text AS id FROM "User" WHERE id = ${id}::uuid FOR KEY SHARE`;
    if (!user) throw new NotFoundError(USER_NOT_FOUND);
    await tx.passwordResetToken.updateMany(expireOutstandingResets(id, new Date()));
    return createResetLink(tx, services.config.publicUrl, id);
  });
  services.log.info({ userId: admin.id, targetUserId: id }, 'password reset link made by an administrator');
  return link;
}
