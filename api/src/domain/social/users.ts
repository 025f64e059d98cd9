import { z } from 'zod';
import { NotFoundError, parseInput } from '../errors.ts';
import { uuid } from '../fields.ts';
import type { Services, Viewer } from '../services.ts';

export const USER_SEARCH_DEFAULT = 5;
export const USER_SEARCH_MAX = 20;
export const USER_DIRECTORY_MAX = 500;

export type DirectoryUser = {
  id: string;
  username: string;
  displayName: string | null;
  avatarUrl: string | null;
  isFollowed: boolean;
  counts: { shares: number; comments: number };
};

export type PublicUser = { id: string; username: string; displayName: string | null; avatarUrl: string | null };

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

/** The other users of the instance for the directory, by name, with their share and comment counts and whether the viewer follows them. */
export function listUsers(services: Services, viewer: Viewer): Promise<DirectoryUser[]> {
  return services.db.$queryRaw<DirectoryUser[]>`
    SELECT u.id, u.username::text AS username, u."displayName", u."avatarUrl",
      EXISTS (SELECT 1 FROM "Follow" f WHERE f."followerId" = ${viewer.id}::uuid AND f."followingId" = u.id) AS "isFollowed",
      json_build_object(
        'shares', (SELECT count(*) FROM "Share" s WHERE s."userId" = u.id),
        'comments', (SELECT count(*) FROM "Comment" c WHERE c."userId" = u.id)
      ) AS counts
    FROM "User" u
    WHERE u.id <> ${viewer.id}::uuid
    ORDER BY lower(coalesce(u."displayName", u.username::text)), u.id
    LIMIT ${USER_DIRECTORY_MAX}`;
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
