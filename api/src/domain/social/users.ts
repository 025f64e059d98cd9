import { z } from 'zod';
import { Prisma } from '../../generated/prisma/client.ts';
import { InvalidInputError, NotFoundError, parseInput } from '../core/errors.ts';
import { pageInput, toPage, type Page } from '../core/pages.ts';
import { uuid } from '../core/fields.ts';
import type { PublicUser } from '../core/publicUser.ts';
import type { Services, Viewer } from '../core/services.ts';
import { visibleSharesSql } from '../access/shareVisibility.ts';

export const USER_SEARCH_DEFAULT = 5;
export const USER_SEARCH_MAX = 20;
export const USER_PAGE_DEFAULT = 50;
export const USER_PAGE_MAX = 100;

export type DirectoryUser = PublicUser & { isFollowed: boolean; counts: { shares: number; comments: number } };

const searchInput = z.object({
  q: z
    .string({ error: 'Search must be text' })
    .trim()
    .max(50, 'Search must be at most 50 characters')
    .refine((text) => !text.includes('\u0000'), 'Search cannot contain NUL characters')
    .nullish(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(USER_SEARCH_MAX, `limit must be at most ${USER_SEARCH_MAX}`)
    .nullish(),
});

const directoryPageInput = pageInput(USER_PAGE_DEFAULT, USER_PAGE_MAX);

// The directory is ordered by the name people see, so its cursor is that sort key and the id, not a time.
const directoryCursor = z.tuple([z.string(), uuid]);

function encodeDirectoryCursor(user: DirectoryUser & { sortName: string }): string {
  return Buffer.from(JSON.stringify([user.sortName, user.id])).toString('base64url');
}

function decodeDirectoryCursor(cursor: string): [string, string] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString());
  } catch {
    throw new InvalidInputError('Invalid cursor');
  }
  const position = directoryCursor.safeParse(parsed);
  if (!position.success) throw new InvalidInputError('Invalid cursor');
  return position.data;
}

/**
 * The other users of the instance for the directory, by name (display name, else username, ignoring case), a
 * page at a time, with their share and comment counts and whether the viewer follows them.
 */
export async function listUsers(services: Services, viewer: Viewer, input: unknown): Promise<Page<DirectoryUser>> {
  const { first, after } = parseInput(directoryPageInput, input ?? {});
  const position = after ? decodeDirectoryCursor(after) : null;
  const sortName = Prisma.sql`lower(coalesce(u."displayName", u.username::text))`;
  const rows = await services.db.$queryRaw<(DirectoryUser & { sortName: string })[]>`
    SELECT u.id, u.username::text AS username, u."displayName", u."avatarUrl", ${sortName} AS "sortName",
      EXISTS (SELECT 1 FROM "Follow" f WHERE f."followerId" = ${viewer.id}::uuid AND f."followingId" = u.id) AS "isFollowed",
      json_build_object(
        'shares', (SELECT count(*) FROM "Share" s WHERE s."userId" = u.id AND ${visibleSharesSql(viewer, 's')}),
        'comments', (SELECT count(*) FROM "Comment" c WHERE c."userId" = u.id)
      ) AS counts
    FROM "User" u
    WHERE u.id <> ${viewer.id}::uuid ${position ? Prisma.sql`AND (${sortName}, u.id) > (${position[0]}, ${position[1]}::uuid)` : Prisma.empty}
    ORDER BY ${sortName}, u.id
    LIMIT ${first + 1}`;
  const page = toPage(rows, first, encodeDirectoryCursor);
  return { ...page, items: page.items.map(({ sortName: _sortName, ...user }) => user) };
}

/**
 * Users whose username or display name starts with `q` (case-insensitively), for mention autocomplete: at most
 * `limit` (5 by default), usernames first; an empty `q` answers the first users by name.
 */
export async function searchUsers(services: Services, viewer: Viewer, input: unknown): Promise<PublicUser[]> {
  const { q, limit } = parseInput(searchInput, input ?? {});
  const prefix = `${(q ?? '').replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return services.db.$queryRaw<PublicUser[]>`
    SELECT id, username::text AS username, "displayName", "avatarUrl" FROM "User"
    WHERE id <> ${viewer.id}::uuid AND (username ILIKE ${prefix} OR "displayName" ILIKE ${prefix})
    ORDER BY (username ILIKE ${prefix}) DESC, lower(username::text)
    LIMIT ${limit ?? USER_SEARCH_DEFAULT}`;
}

/** One user as anyone sees them, or 'User not found'. */
export async function getUser(services: Services, userId: unknown): Promise<PublicUser> {
  const id = uuid.safeParse(userId);
  const user = id.success
    ? await services.db.user.findUnique({
        where: { id: id.data },
        select: { id: true, username: true, displayName: true, avatarUrl: true },
      })
    : null;
  if (!user) throw new NotFoundError('User not found');
  return user;
}
