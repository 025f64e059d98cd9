import { randomInt } from 'node:crypto';
import { Prisma } from '../../generated/prisma/client.ts';
import { requireAccountAccess } from '../access/access.ts';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError, parseInput, RateLimitedError } from '../core/errors.ts';
import { allPages, pageInput, toPage } from '../core/pages.ts';
import { uuid } from '../core/fields.ts';
import { INVITE_WORDS } from './inviteWords.ts';
import type { Services, Viewer } from '../core/services.ts';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** Four random dictionary words, upper case, dash-separated, e.g. AMBER-HARBOR-QUIET-FALCON. */
export function generateInviteCode(): string {
  return Array.from({ length: 4 }, () => INVITE_WORDS[randomInt(INVITE_WORDS.length)]).join('-');
}

/** How many invites the viewer may still create this rolling week. */
export type InviteRateLimit = {
  limit: number;
  remaining: number;
  currentCount: number;
  unlimited: boolean;
  nextAvailableAt: Date | null;
};

export const inviteInclude = {
  usedBy: { select: { id: true, username: true, displayName: true } },
} satisfies Prisma.InviteCodeInclude;

type Db = Services['db'] | Prisma.TransactionClient;

async function rateLimitOf(db: Db, services: Services, viewer: Viewer, now = new Date()): Promise<InviteRateLimit> {
  const since = new Date(now.getTime() - WEEK_MS);
  const recent = await db.inviteCode.findMany({
    where: { createdById: viewer.id, createdAt: { gt: since } },
    select: { createdAt: true },
    orderBy: { createdAt: 'asc' },
  });
  const limit = services.config.invitesPerWeek;
  const unlimited = viewer.role === 'admin';
  const currentCount = recent.length;
  const remaining = unlimited ? limit : Math.max(0, limit - currentCount);
  // The oldest code of the window leaves it first; that is when one more becomes available.
  const nextAvailableAt = !unlimited && remaining === 0 && recent[0] ? new Date(recent[0].createdAt.getTime() + WEEK_MS) : null;
  return { limit, remaining, currentCount, unlimited, nextAvailableAt };
}

/** The viewer's weekly invite allowance. Administrators are unlimited. */
export async function inviteRateLimit(services: Services, viewer: Viewer): Promise<InviteRateLimit> {
  requireAccountAccess(viewer);
  return rateLimitOf(services.db, services, viewer);
}

export const INVITE_PAGE_DEFAULT = 20;
export const INVITE_PAGE_MAX = 100;

const invitePageInput = pageInput(INVITE_PAGE_DEFAULT, INVITE_PAGE_MAX);

/** The viewer's invite codes, newest first (keyset on the time-ordered id), a page at a time, with who used them. */
export async function listInviteCodePage(services: Services, viewer: Viewer, input: unknown) {
  requireAccountAccess(viewer);
  const { first, after } = parseInput(invitePageInput, input ?? {});
  const position = after === null || after === undefined ? null : uuid.safeParse(after);
  if (position && !position.success) throw new InvalidInputError('Invalid cursor');
  const rows = await services.db.inviteCode.findMany({
    where: { createdById: viewer.id, ...(position?.data && { id: { lt: position.data } }) },
    orderBy: { id: 'desc' },
    include: inviteInclude,
    take: first + 1,
  });
  return toPage(rows, first, (invite) => invite.id);
}

/** All of the viewer's invite codes (`listInviteCodePage`'s order), and the viewer's allowance. */
export async function listInviteCodes(services: Services, viewer: Viewer) {
  const [inviteCodes, rateLimitInfo] = await Promise.all([
    allPages((after) => listInviteCodePage(services, viewer, { first: INVITE_PAGE_MAX, after })),
    inviteRateLimit(services, viewer),
  ]);
  return { inviteCodes, rateLimitInfo };
}

/**
 * Creates an invite code for the viewer within their weekly allowance. Concurrent requests of one user are
 * serialised by an advisory lock, so the allowance holds under races too.
 */
export async function createInviteCode(services: Services, viewer: Viewer) {
  requireAccountAccess(viewer);
  return services.db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`invites:${viewer.id}`}, 0))`;
    const allowance = await rateLimitOf(tx, services, viewer);
    if (!allowance.unlimited && allowance.remaining === 0) {
      const retryAfter = allowance.nextAvailableAt ? Math.ceil((allowance.nextAvailableAt.getTime() - Date.now()) / 1000) : 0;
      throw new RateLimitedError(
        `You have used all ${allowance.limit} invite codes for this week. The next one is available on ${allowance.nextAvailableAt?.toUTCString() ?? 'a later day'}.`,
        retryAfter,
      );
    }
    for (;;) {
      try {
        return await tx.inviteCode.create({ data: { code: generateInviteCode(), createdById: viewer.id }, include: inviteInclude });
      } catch (error) {
        // A collision among ~1.5 billion codes is rare but possible; draw again.
        if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')) throw error;
      }
    }
  });
}

/** Deletes one of the viewer's unused invite codes. */
export async function deleteInviteCode(services: Services, viewer: Viewer, inviteId: unknown) {
  requireAccountAccess(viewer);
  const id = uuid.safeParse(inviteId);
  if (!id.success) throw new NotFoundError('Invite code not found');
  const invite = await services.db.inviteCode.findUnique({ where: { id: id.data } });
  if (!invite) throw new NotFoundError('Invite code not found');
  if (invite.createdById !== viewer.id) throw new ForbiddenError('You can only delete your own invite codes');
  const { count } = await services.db.inviteCode.deleteMany({ where: { id: invite.id, usedAt: null } });
  if (count === 0) throw new ConflictError('A used invite code cannot be deleted');
  return invite;
}

/**
 * On an instance without users, makes sure an unused bootstrap invite exists (BOOTSTRAP_INVITE_CODE when set)
 * and returns its code; the account registered with it becomes the administrator. Null once anyone has registered.
 */
export async function ensureBootstrapInvite(services: Services): Promise<string | null> {
  return services.db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('invites:bootstrap', 0))`;
    if ((await tx.user.count()) > 0) return null;
    const wanted = services.config.bootstrapInviteCode;
    const existing = await tx.inviteCode.findFirst({
      where: { createdById: null, usedAt: null, ...(wanted ? { code: wanted } : {}) },
    });
    if (existing) return existing.code;
    const created = await tx.inviteCode.create({ data: { code: wanted ?? generateInviteCode(), createdById: null } });
    return created.code;
  });
}
