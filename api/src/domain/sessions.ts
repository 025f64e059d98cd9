import type { Prisma } from '../generated/prisma/client.ts';
import { hashToken, newToken } from './secrets.ts';
import type { Services, Viewer } from './services.ts';

// Writing lastUsedAt on every request would turn each read into a write; once a few minutes is enough.
const LAST_USED_RESOLUTION_MS = 5 * 60 * 1000;

/** Opens a session for `userId` and returns its bearer token, which exists nowhere else afterwards. */
export async function openSession(db: Prisma.TransactionClient | Services['db'], userId: string): Promise<string> {
  const token = newToken();
  await db.session.create({ data: { userId, tokenHash: hashToken(token) } });
  return token;
}

/** The viewer a bearer token stands for, or null when the token is unknown or revoked. */
export async function viewerFromToken(services: Services, token: string): Promise<Viewer | null> {
  const session = await services.db.session.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { id: true, lastUsedAt: true, user: { select: { id: true, username: true, role: true } } },
  });
  if (!session) return null;
  if (Date.now() - session.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await services.db.session.update({ where: { id: session.id }, data: { lastUsedAt: new Date() } });
  }
  return { id: session.user.id, username: session.user.username, role: session.user.role, sessionId: session.id };
}

/** Revokes the viewer's current session (logout): its token stops working at once, on every replica. */
export async function closeSession(services: Services, viewer: Viewer): Promise<void> {
  await services.db.session.deleteMany({ where: { id: viewer.sessionId } });
}

/** Parses an `Authorization: Bearer <token>` header; null when absent or of another scheme. */
export function bearerToken(header: string | null | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1]! : null;
}

/** Whether a session still exists (not logged out, not revoked by a password change or reset). */
export async function isSessionOpen(services: Services, sessionId: string): Promise<boolean> {
  // findUnique, because Prisma batches the findUnique calls of one tick into one query: an event delivered to
  // many connections checks all their sessions at once.
  return (await services.db.session.findUnique({ where: { id: sessionId }, select: { id: true } })) !== null;
}
