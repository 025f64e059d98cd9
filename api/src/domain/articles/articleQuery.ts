import { z } from 'zod';
import type { Services, Viewer } from '../core/services.ts';
import { NotFoundError, parseInput } from '../core/errors.ts';
import { isStorableDate, uuid } from '../core/fields.ts';
import { decodeKeyset, type KeysetPosition } from '../core/keyset.ts';
import { decodeCirclePosition, refuseCircleNarrowing, type CirclePosition } from './circlePosition.ts';
import { searchWay, type SearchWay } from './searchWay.ts';

/**
 * `circle`: what the people the viewer follows shared or commented on, from any feed (circleList.ts); `hidden`: what
 * the viewer's filter rules hide (every other list but liked and starred leaves those out).
 */
export const ARTICLE_FILTERS = ['unread', 'all', 'liked', 'starred', 'circle', 'hidden'] as const;
export type ArticleFilter = (typeof ARTICLE_FILTERS)[number];

/** The article fetch limit clients send (100), which is also the most one page holds. */
export const ARTICLE_PAGE_MAX = 100;
export const ARTICLE_SEARCH_MAX = 200;

/** Which of the viewer's feeds a list or a mark-all-read covers. */
export type ArticleScope = { kind: 'everything' } | { kind: 'feed'; feedId: string } | { kind: 'folder'; folderId: string };

/** A validated article list request: what to list, and from where. */
export type ArticleQuery = {
  viewerId: string;
  filter: ArticleFilter;
  scope: ArticleScope;
  /** Text in `websearch_to_tsquery` syntax; null lists without searching. */
  search: string | null;
  /** How a search reads its articles (searchWay.ts); steps when not told. */
  searchWay?: SearchWay;
  /**
   * How many articles of a recent week the search's words match on the whole instance, as the planner estimates it
   * (searchWay.ts): a step of weeks expected to hold few checks the viewer's feeds on its rows (articleListSql.ts).
   * Unknown: none does.
   */
  weeklyMatches?: number;
  /**
   * Only articles published before this instant: a client paging by the last article's date does not get it again.
   * Mark-all-read's beforeDate is inclusive instead (the newest article the reader saw is marked too).
   */
  beforeDate: Date | null;
  /** Only articles after this position (the end of the previous page). */
  after: KeysetPosition | null;
  /** The Circle view's position instead of `after` (that view is ranked, not by date). */
  circleAfter?: CirclePosition | null;
  first: number;
  /**
   * Whether the list shows one row per story (its first copy in the viewer's feeds) or every copy; null follows
   * the viewer's account setting.
   */
  groupStories: boolean | null;
};

// `.optional()` lets the key be left out: zod 4 requires the key of a transformed schema unless it is optional.
const optionalId = z
  .unknown()
  .optional()
  .transform((value) => (value === undefined || value === null || value === '' ? null : value));

const beforeDate = z
  .union([z.date(), z.string(), z.null(), z.undefined()], {
    error: 'beforeDate must be a date',
  })
  .optional()
  .transform((value, context) => {
    if (value === null || value === undefined || value === '') return null;
    const date = value instanceof Date ? value : new Date(value);
    if (Number.isNaN(date.getTime()) || !isStorableDate(date)) {
      context.addIssue({
        code: 'custom',
        message: 'beforeDate must be a date',
      });
      return z.NEVER;
    }
    return date;
  });

const scopeInput = z
  .object({ feedId: optionalId, folderId: optionalId })
  .refine((scope) => scope.feedId === null || scope.folderId === null, {
    message: 'Choose a feed or a folder, not both',
    // An issue without a path would read as a malformed body (parseInput).
    path: ['folderId'],
  });

const listInput = scopeInput.and(
  z.object({
    filter: z
      .enum(ARTICLE_FILTERS, { error: 'Filter must be unread, all, liked, starred, circle or hidden' })
      .nullish()
      .transform((filter) => filter ?? 'unread'),
    search: z
      .string({ error: 'Search must be text' })
      .trim()
      .max(ARTICLE_SEARCH_MAX, `Search must be at most ${ARTICLE_SEARCH_MAX} characters`)
      .nullish()
      .transform((search) => search || null),
    beforeDate,
    after: z.string({ error: 'Invalid cursor' }).nullish(),
    groupStories: z
      .boolean({ error: 'groupStories must be true or false' })
      .nullish()
      .transform((group) => group ?? null),
    first: z
      .number({ error: 'Limit must be a number' })
      .int('Limit must be a whole number')
      .min(1, 'Limit must be at least 1')
      .nullish()
      .transform((first) => Math.min(first ?? ARTICLE_PAGE_MAX, ARTICLE_PAGE_MAX)),
  }),
);

const markAllInput = scopeInput.and(z.object({ beforeDate }));

/** Validates a list request and resolves its scope (a feed that does not exist, or another user's folder, is a 404). */
export async function articleQuery(services: Services, viewer: Viewer, input: unknown): Promise<ArticleQuery> {
  const parsed = parseInput(listInput, input ?? {});
  if (parsed.filter === 'circle') {
    refuseCircleNarrowing({
      scoped: parsed.feedId !== null || parsed.folderId !== null,
      search: parsed.search,
      beforeDate: parsed.beforeDate,
    });
    return {
      viewerId: viewer.id,
      filter: 'circle',
      scope: { kind: 'everything' },
      search: null,
      beforeDate: null,
      after: null,
      circleAfter: parsed.after ? decodeCirclePosition(parsed.after) : null,
      first: parsed.first,
      groupStories: true,
    };
  }
  return {
    viewerId: viewer.id,
    filter: parsed.filter,
    scope: await resolveScope(services, viewer, parsed),
    search: parsed.search,
    ...(parsed.search === null ? {} : await searchWay(services, parsed.search)),
    beforeDate: parsed.beforeDate,
    after: parsed.after ? decodeKeyset(parsed.after) : null,
    first: parsed.first,
    groupStories: parsed.groupStories,
  };
}

/** Validates a mark-all-read request: its scope and optional `beforeDate`. */
export async function markAllReadQuery(services: Services, viewer: Viewer, input: unknown) {
  const parsed = parseInput(markAllInput, input ?? {});
  return {
    scope: await resolveScope(services, viewer, parsed),
    beforeDate: parsed.beforeDate,
  };
}

async function resolveScope(services: Services, viewer: Viewer, ids: { feedId: unknown; folderId: unknown }): Promise<ArticleScope> {
  if (ids.feedId !== null) {
    const feedId = uuid.safeParse(ids.feedId);
    const feed = feedId.success
      ? await services.db.feed.findUnique({
          where: { id: feedId.data },
          select: { id: true },
        })
      : null;
    if (!feed) throw new NotFoundError('Feed not found');
    return { kind: 'feed', feedId: feed.id };
  }
  if (ids.folderId !== null) {
    const folderId = uuid.safeParse(ids.folderId);
    const folder = folderId.success
      ? await services.db.folder.findFirst({
          where: { id: folderId.data, userId: viewer.id },
          select: { id: true },
        })
      : null;
    if (!folder) throw new NotFoundError('Folder not found');
    return { kind: 'folder', folderId: folder.id };
  }
  return { kind: 'everything' };
}

/**
 * An article id from a path or an argument: its UUID (REST) or its GraphQL global id (base64 of
 * 'Article:<uuid>', what the web's /article/{id} links carry), so one link works on every surface.
 * Anything else, a global id of another type included, names no article.
 */
export function articleId(id: unknown): string {
  const parsed = uuid.safeParse(typeof id === 'string' ? (uuidInGlobalId(id) ?? id) : id);
  if (!parsed.success) throw new NotFoundError('Article not found');
  // PostgreSQL answers ids in lower case; views are matched to the ids asked for by text.
  return parsed.data.toLowerCase();
}

const ARTICLE_GLOBAL_ID_PREFIX = 'Article:';

// The same encoding as Pothos's encodeGlobalID; kept here so the domain needs no GraphQL import.
function uuidInGlobalId(id: string): string | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(id)) return null;
  const decoded = Buffer.from(id, 'base64').toString('utf8');
  return decoded.startsWith(ARTICLE_GLOBAL_ID_PREFIX) ? decoded.slice(ARTICLE_GLOBAL_ID_PREFIX.length) : null;
}
