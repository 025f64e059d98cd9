import { z } from 'zod';
import { findBatched } from '../../db/batched.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { isLimitedToPageActions, requireAccountAccess } from '../access/access.ts';
import { ConflictError, NotFoundError, parseInput } from '../core/errors.ts';
import { requiredText, uuid } from '../core/fields.ts';
import { API_TOKEN_NAME_MAX, API_TOKENS_PER_USER } from '@tidings/shared/limits';
import { feverKey, hashToken, newToken } from './secrets.ts';
import { announceEndedSessions } from './sessions.ts';
import type { Services, Viewer } from '../core/services.ts';

// The prefix tells an API token from a session token at a glance, for the server and for secret scanners alike.
const API_TOKEN_PREFIX = 'tid_';
// As for sessions: recording every use would turn each read into a write.
const LAST_USED_RESOLUTION_MS = 5 * 60 * 1000;

/** The longest end a token may be given when made, in days. */
export const API_TOKEN_MAX_DAYS = 3650;

export const apiTokenSelect = {
  id: true,
  name: true,
  scope: true,
  createdAt: true,
  lastUsedAt: true,
  expiresAt: true,
} satisfies Prisma.ApiTokenSelect;

/** A token as its owner sees it in lists: never its secret, which exists only in `createApiToken`'s answer. */
export type ApiTokenInfo = Prisma.ApiTokenGetPayload<{ select: typeof apiTokenSelect }>;

const createInput = z.object({
  name: requiredText('Token name')
    .trim()
    .min(1, 'Token name is required')
    .max(API_TOKEN_NAME_MAX, `Token name must be at most ${API_TOKEN_NAME_MAX} characters`),
  scope: z
    .enum(['full', 'bookmarklet'], 'Scope must be full or bookmarklet')
    .nullish()
    .transform((scope) => scope ?? 'full'),
  expiresInDays: z
    .int('Expiry must be a whole number of days')
    .min(1, 'Expiry must be at least 1 day')
    .max(API_TOKEN_MAX_DAYS, `Expiry must be at most ${API_TOKEN_MAX_DAYS} days`)
    .nullish(),
});

type Db = Prisma.TransactionClient | Services['db'];

/** Whether a bearer token is an API token (rather than a session's). */
export function isApiToken(token: string): boolean {
  return token.startsWith(API_TOKEN_PREFIX);
}

/** The viewer an API token stands for, or null when it is unknown, revoked or past its end. */
export function viewerFromApiToken(services: Services, token: string): Promise<Viewer | null> {
  return viewerOfToken(services, { tokenHash: hashToken(token) });
}

/** The viewer of a reader app's token (the Google Reader API's Auth value), or null; a bookmarklet token reads nothing. */
export async function viewerFromReaderAppToken(services: Services, token: string): Promise<Viewer | null> {
  const viewer = await viewerFromApiToken(services, token);
  return viewer && !isLimitedToPageActions(viewer) ? viewer : null;
}

/**
 * The viewer an "API password" stands for when a reader app signs in with a username and an API token (the
 * Google Reader API's ClientLogin), or null: the token must be the user's, so a username alone names nobody, and
 * a bookmarklet token reads nothing (access.ts).
 */
export async function viewerFromApiPassword(services: Services, username: string, password: string): Promise<Viewer | null> {
  if (!isApiToken(password)) return null;
  const viewer = await viewerFromReaderAppToken(services, password);
  return viewer && viewer.username.toLowerCase() === username.trim().toLowerCase() ? viewer : null;
}

/** The viewer of a Fever API key (md5 of "username:token", in hex), or null when no open full-scope token has it. */
export async function viewerFromFeverKey(services: Services, key: string): Promise<Viewer | null> {
  if (!/^[0-9a-f]{32}$/i.test(key)) return null;
  const viewer = await viewerOfToken(services, { feverKeyHash: hashToken(key.toLowerCase()) });
  return viewer && !isLimitedToPageActions(viewer) ? viewer : null;
}

async function viewerOfToken(services: Services, where: Prisma.ApiTokenWhereUniqueInput): Promise<Viewer | null> {
  const found = await services.db.apiToken.findUnique({
    where,
    select: {
      id: true,
      scope: true,
      lastUsedAt: true,
      expiresAt: true,
      user: { select: { id: true, username: true, role: true } },
    },
  });
  if (!found || isPastItsEnd(found)) return null;
  if (!found.lastUsedAt || Date.now() - found.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await services.db.apiToken.updateMany({ where: { id: found.id }, data: { lastUsedAt: new Date() } });
  }
  const { user } = found;
  return { id: user.id, username: user.username, role: user.role, credential: { kind: 'apiToken', id: found.id, scope: found.scope } };
}

const isPastItsEnd = (token: { expiresAt: Date | null }) => token.expiresAt !== null && token.expiresAt.getTime() <= Date.now();

/** Whether an API token still holds: not revoked, its owner not deleted, not past the end it was given. */
export async function isApiTokenOpen(services: Services, tokenId: string): Promise<boolean> {
  const batch = (ids: string[]) => services.db.apiToken.findMany({ where: { id: { in: ids } }, select: { id: true, expiresAt: true } });
  const found = await findBatched(services.db, 'open API token by id', tokenId, batch, (row) => row.id);
  return found !== undefined && !isPastItsEnd(found);
}

/**
 * Creates a named personal API token for the viewer and answers its secret, which is shown this once and stored
 * only as its hash; `scope` (default full) and an optional end in days (`expiresInDays`; none by default). Only a
 * session may create one: a token cannot mint others.
 */
export async function createApiToken(
  services: Services,
  viewer: Viewer,
  input: unknown,
): Promise<{ token: string; apiToken: ApiTokenInfo }> {
  requireAccountAccess(viewer);
  const { name, scope, expiresInDays } = parseInput(createInput, input);
  const expiresAt = expiresInDays ? new Date(Date.now() + expiresInDays * 24 * 60 * 60 * 1000) : null;
  const token = API_TOKEN_PREFIX + newToken();
  const apiToken = await services.db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`api-tokens:${viewer.id}`}, 0))`;
    if ((await tx.apiToken.count({ where: { userId: viewer.id } })) >= API_TOKENS_PER_USER) {
      throw new ConflictError(`You can have at most ${API_TOKENS_PER_USER} API tokens. Revoke one you no longer use first.`);
    }
    // The Fever key is derived from the secret, so it can only be stored now; it dies with the token's row. A
    // bookmarklet token has none: it reads nothing.
    const feverKeyHash = scope === 'full' ? hashToken(feverKey(viewer.username, token)) : null;
    return tx.apiToken.create({
      data: { userId: viewer.id, name, scope, expiresAt, tokenHash: hashToken(token), feverKeyHash },
      select: apiTokenSelect,
    });
  });
  return { token, apiToken };
}

/** The viewer's API tokens, newest first, without their secrets. */
export async function listApiTokens(services: Services, viewer: Viewer): Promise<ApiTokenInfo[]> {
  requireAccountAccess(viewer);
  return services.db.apiToken.findMany({ where: { userId: viewer.id }, orderBy: { id: 'desc' }, select: apiTokenSelect });
}

/**
 * Revokes one of the viewer's API tokens: it stops working at once, and its live connections close on every replica
 * (announced as an ended session: to a connection, both are what it signed in with).
 */
export async function revokeApiToken(services: Services, viewer: Viewer, tokenId: unknown): Promise<ApiTokenInfo> {
  requireAccountAccess(viewer);
  const id = uuid.safeParse(tokenId);
  const revoked = id.success ? await deleteApiTokens(services.db, viewer.id, id.data) : [];
  if (revoked.length === 0) throw new NotFoundError('API token not found');
  announceEndedSessions(services, { userId: viewer.id, sessionIds: revoked.map((token) => token.id) });
  return revoked[0]!;
}

/** Deletes one or every API token of a user (a password reset revokes them all); answers which. */
export async function deleteApiTokens(db: Db, userId: string, only?: string): Promise<ApiTokenInfo[]> {
  const revoked = await db.apiToken.findMany({ where: { userId, ...(only && { id: only }) }, select: apiTokenSelect });
  await db.apiToken.deleteMany({ where: { id: { in: revoked.map((token) => token.id) } } });
  return revoked;
}
