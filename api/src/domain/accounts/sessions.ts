import { findBatched } from '../../db/batched.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { requireAccountAccess } from '../access/access.ts';
import { hashToken, newToken } from './secrets.ts';
import type { Services, Viewer } from '../core/services.ts';

// Writing lastUsedAt on every request would turn each read into a write; once a few minutes is enough.
const LAST_USED_RESOLUTION_MS = 5 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

type Db = Prisma.TransactionClient | Services['db'];

/** Opens a session for `userId` and returns its bearer token, which exists nowhere else afterwards. */
export async function openSession(db: Db, userId: string): Promise<string> {
  const token = newToken();
  await db.session.create({ data: { userId, tokenHash: hashToken(token) } });
  return token;
}

/** A session last used before `unusedBefore`, or opened before `openedBefore`, has expired. */
function expiryCutoffs(services: Services): { unusedBefore: Date; openedBefore: Date } {
  const now = Date.now();
  return {
    unusedBefore: new Date(now - services.config.sessionIdleDays * DAY_MS),
    openedBefore: new Date(now - services.config.sessionMaxDays * DAY_MS),
  };
}

/** Whether a session has outlived the instance's idle limit (since last used) or absolute limit (since sign-in). */
function hasExpired(services: Services, session: { createdAt: Date; lastUsedAt: Date }): boolean {
  const { unusedBefore, openedBefore } = expiryCutoffs(services);
  return session.lastUsedAt < unusedBefore || session.createdAt < openedBefore;
}

/** Ends an expired session as a logout would: deleted, and its live connections told. */
async function endExpired(services: Services, session: { id: string; userId: string }): Promise<void> {
  announceEndedSessions(services, await endSessions(services.db, session.userId, { only: session.id }));
}

/** The viewer a session's bearer token stands for, or null when the token is unknown, revoked or expired. */
export async function viewerFromSessionToken(services: Services, token: string): Promise<Viewer | null> {
  // Batched: the sockets of a live-notification client reconnect together, hundreds at a time.
  const session = await findBatched(
    services.genericPlanDb,
    'session by token',
    hashToken(token),
    // One statement with its user, planned once (every request makes it; Prisma's include would be a second).
    (tokenHashes) =>
      services.genericPlanDb.$queryRaw<SessionWithUser[]>`
        SELECT s.id, s."tokenHash", s."userId", s."createdAt", s."lastUsedAt", u.username, u.role::text AS role
        FROM "Session" s JOIN "User" u ON u.id = s."userId"
        WHERE s."tokenHash" = ANY(${tokenHashes}::text[])`,
    (row) => row.tokenHash,
  );
  if (!session) return null;
  if (hasExpired(services, session)) {
    await endExpired(services, session);
    return null;
  }
  if (Date.now() - session.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await services.db.session.update({ where: { id: session.id }, data: { lastUsedAt: new Date() } });
  }
  return { id: session.userId, username: session.username, role: session.role, credential: { kind: 'session', id: session.id } };
}

type SessionWithUser = {
  id: string;
  tokenHash: string;
  userId: string;
  createdAt: Date;
  lastUsedAt: Date;
  username: string;
  role: Viewer['role'];
};

/** The sessions of one user that `endSessions` deletes: one of them, or all but (optionally) one. */
export type SessionScope = { only: string } | { allBut: string | null };

/** The sessions one user lost, to announce once their transaction has committed. */
export type EndedSessions = { userId: string; sessionIds: string[] };

/**
 * Deletes sessions of `userId` and answers which, in one statement, so that a session opened meanwhile is
 * either deleted and announced or neither.
 */
export async function endSessions(db: Db, userId: string, scope: SessionScope): Promise<EndedSessions> {
  const which = 'only' in scope ? Prisma.sql`id = ${scope.only}::uuid` : Prisma.sql`id IS DISTINCT FROM ${scope.allBut}::uuid`;
  const rows = await db.$queryRaw<{ id: string }[]>`
    DELETE FROM "Session" WHERE "userId" = ${userId}::uuid AND ${which} RETURNING id::text AS id`;
  return { userId, sessionIds: rows.map((row) => row.id) };
}

/** Tells every API process that these sessions ended, so their live connections close. Call after commit. */
export function announceEndedSessions(services: Services, ended: EndedSessions): void {
  if (ended.sessionIds.length > 0) services.events.publish('session:ended', ended.userId, { sessionIds: ended.sessionIds });
}

/** Revokes the viewer's current session (logout): its token stops working at once, on every replica. */
export async function closeSession(services: Services, viewer: Viewer): Promise<void> {
  requireAccountAccess(viewer);
  announceEndedSessions(services, await endSessions(services.db, viewer.id, { only: viewer.credential.id }));
}

/** Parses an `Authorization: Bearer <token>` header; null when absent or of another scheme. */
export function bearerToken(header: string | null | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1]! : null;
}

/** Whether a session is still open: not logged out, not revoked by a password change or reset, not expired. */
export async function isSessionOpen(services: Services, sessionId: string): Promise<boolean> {
  // Batched: an event delivered to many connections checks all their sessions at once.
  const session = await findBatched(
    services.db,
    'open session by id',
    sessionId,
    (ids) =>
      services.db.session.findMany({ where: { id: { in: ids } }, select: { id: true, userId: true, createdAt: true, lastUsedAt: true } }),
    (row) => row.id,
  );
  if (!session) return false;
  if (!hasExpired(services, session)) return true;
  await endExpired(services, session);
  return false;
}

/**
 * Deletes every expired session (those whose tokens never come back are otherwise kept for ever) and announces
 * their end; answers how many. The worker runs it daily.
 */
export async function deleteExpiredSessions(services: Services): Promise<number> {
  const { unusedBefore, openedBefore } = expiryCutoffs(services);
  const ended = await services.db.$queryRaw<EndedSessions[]>`
    WITH deleted AS (DELETE FROM "Session" WHERE "lastUsedAt" < ${unusedBefore} OR "createdAt" < ${openedBefore} RETURNING id, "userId")
    SELECT "userId"::text AS "userId", array_agg(id::text) AS "sessionIds" FROM deleted GROUP BY "userId"`;
  for (const sessions of ended) announceEndedSessions(services, sessions);
  return ended.reduce((count, sessions) => count + sessions.sessionIds.length, 0);
}
