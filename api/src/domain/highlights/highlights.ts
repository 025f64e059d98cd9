import { z } from 'zod';
import { Prisma } from '../../generated/prisma/client.ts';
import { visibleSharesWhere } from '../access/shareVisibility.ts';
import { articleId } from '../articles/articleQuery.ts';
import { InvalidInputError, NotFoundError, parseInput } from '../core/errors.ts';
import { uuid } from '../core/fields.ts';
import { decodeKeyset, encodeKeyset } from '../core/keyset.ts';
import { pageInput, toPage, type Page } from '../core/pages.ts';
import { spendAllowance, type Allowance } from '../core/rateLimits.ts';
import type { Services, Viewer } from '../core/services.ts';

export const HIGHLIGHT_TEXT_MAX = 5000;
/** The quote's context on each side: the W3C selector's prefix and suffix, enough to tell repeated quotes apart. */
export const HIGHLIGHT_CONTEXT_MAX = 200;
export const HIGHLIGHT_NOTE_MAX = 2000;
/** Highlights one reader keeps: far beyond a lifetime of reading, short of a flood. */
export const HIGHLIGHTS_MAX = 20_000;
const HIGHLIGHT_ALLOWANCE: Allowance = {
  points: 600,
  windowSeconds: 3600,
  refusal: 'You have made 600 highlights in an hour, the most allowed.',
};

export type Highlight = Prisma.HighlightGetPayload<Record<string, never>>;

/** A highlight with the article it is in, as the Highlights screen and the exports show it. */
export type HighlightWithArticle = Highlight & { article: { id: string; title: string; url: string | null; feedTitle: string } };

const note = z
  .string({ error: 'A note must be text' })
  .trim()
  .max(HIGHLIGHT_NOTE_MAX, `A note must be at most ${HIGHLIGHT_NOTE_MAX.toLocaleString('en')} characters`)
  .nullish()
  .transform((text) => text || null);

const offset = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(0, `${name} must be 0 or more`)
    .nullish()
    .transform((value) => value ?? null);

const createInput = z
  .strictObject({
    exact: z
      .string({ error: 'The highlighted text is missing' })
      .max(HIGHLIGHT_TEXT_MAX, `A highlight can hold at most ${HIGHLIGHT_TEXT_MAX.toLocaleString('en')} characters`)
      .refine((text) => text.trim() !== '', 'Select some text to highlight'),
    prefix: z
      .string({ error: 'prefix must be text' })
      .max(HIGHLIGHT_CONTEXT_MAX, `prefix must be at most ${HIGHLIGHT_CONTEXT_MAX} characters`)
      .nullish(),
    suffix: z
      .string({ error: 'suffix must be text' })
      .max(HIGHLIGHT_CONTEXT_MAX, `suffix must be at most ${HIGHLIGHT_CONTEXT_MAX} characters`)
      .nullish(),
    start: offset('start'),
    end: offset('end'),
    note,
  })
  .refine((input) => (input.start === null) === (input.end === null), { message: 'Give both start and end, or neither', path: ['end'] })
  .refine((input) => input.start === null || input.end! - input.start === input.exact.length, {
    message: 'end - start must be the length of exact',
    path: ['end'],
  });

const updateInput = z.strictObject({ note });

/**
 * Keeps a passage of an article the viewer may read (any article: shares link to articles of feeds the viewer does
 * not follow), with an optional note, anchored by its quote and, when the client measured it, its position.
 */
export async function createHighlight(services: Services, viewer: Viewer, article: unknown, input: unknown): Promise<Highlight> {
  const parsed = parseInput(createInput, input);
  const id = articleId(article);
  if (!(await services.db.article.findUnique({ where: { id }, select: { id: true } }))) throw new NotFoundError('Article not found');
  if ((await services.db.highlight.count({ where: { userId: viewer.id } })) >= HIGHLIGHTS_MAX) {
    throw new InvalidInputError(`You can keep at most ${HIGHLIGHTS_MAX.toLocaleString('en')} highlights; delete some first`);
  }
  await spendAllowance(services, `highlights:${viewer.id}`, HIGHLIGHT_ALLOWANCE);
  return services.db.highlight.create({
    data: { userId: viewer.id, articleId: id, ...parsed, prefix: parsed.prefix ?? '', suffix: parsed.suffix ?? '' },
  });
}

/** One of the viewer's highlights; another reader's is not found, as a missing one is. */
export async function findOwnHighlight(services: Services, viewer: Viewer, id: unknown): Promise<Highlight> {
  const parsed = uuid.safeParse(id);
  const highlight = parsed.success ? await services.db.highlight.findFirst({ where: { id: parsed.data, userId: viewer.id } }) : null;
  if (!highlight) throw new NotFoundError('Highlight not found');
  return highlight;
}

/** Changes the note of one of the viewer's highlights (blank removes it). */
export async function updateHighlight(services: Services, viewer: Viewer, id: unknown, input: unknown): Promise<Highlight> {
  const parsed = parseInput(updateInput, input);
  const highlight = await findOwnHighlight(services, viewer, id);
  return services.db.highlight.update({ where: { id: highlight.id }, data: { note: parsed.note } });
}

/** Deletes one of the viewer's highlights. */
export async function deleteHighlight(services: Services, viewer: Viewer, id: unknown): Promise<Highlight> {
  const highlight = await findOwnHighlight(services, viewer, id);
  await services.db.highlight.delete({ where: { id: highlight.id } });
  return highlight;
}

/**
 * The viewer's highlights in one article, in the order they stand in its text (those without a position last); with
 * `shared`, also others' shared as quotes in a share the viewer may see (the one share-visibility rule).
 */
export async function listArticleHighlights(
  services: Services,
  viewer: Viewer,
  article: unknown,
  { shared = false }: { shared?: boolean } = {},
): Promise<Highlight[]> {
  const others = shared ? [{ share: visibleSharesWhere(viewer) }] : [];
  return services.db.highlight.findMany({
    where: { articleId: articleId(article), OR: [{ userId: viewer.id }, ...others] },
    orderBy: [{ start: { sort: 'asc', nulls: 'last' } }, { createdAt: 'asc' }, { id: 'asc' }],
  });
}

export const HIGHLIGHT_PAGE_DEFAULT = 50;
export const HIGHLIGHT_PAGE_MAX = 200;
const listInput = pageInput(HIGHLIGHT_PAGE_DEFAULT, HIGHLIGHT_PAGE_MAX).extend({
  search: z
    .string({ error: 'search must be text' })
    .trim()
    .max(200, 'A search must be at most 200 characters')
    .nullish()
    .transform((text) => text || null),
});

/**
 * The viewer's highlights, newest first, each with its article; `search` keeps those whose text, note or article
 * title holds it (any case). Keyset-paged by (createdAt, id).
 */
export async function listHighlights(services: Services, viewer: Viewer, input: unknown = {}): Promise<Page<HighlightWithArticle>> {
  const { first, after, search } = parseInput(listInput, input);
  const position = after ? decodeKeyset(after) : null;
  const pattern = search && `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const rows = await services.db.$queryRaw<(Highlight & { articleTitle: string; articleUrl: string | null; feedTitle: string })[]>`
    SELECT h.*, a.title AS "articleTitle", a.url AS "articleUrl", COALESCE(s.title, NULLIF(f.title, ''), f.url) AS "feedTitle"
    FROM "Highlight" h
    JOIN "Article" a ON a.id = h."articleId"
    JOIN "Feed" f ON f.id = a."feedId"
    LEFT JOIN "Subscription" s ON s."userId" = h."userId" AND s."feedId" = a."feedId"
    WHERE h."userId" = ${viewer.id}::uuid
      ${position ? Prisma.sql`AND (h."createdAt", h.id) < (${position.time}, ${position.id}::uuid)` : Prisma.empty}
      ${pattern ? Prisma.sql`AND (h.exact ILIKE ${pattern} OR h.note ILIKE ${pattern} OR a.title ILIKE ${pattern})` : Prisma.empty}
    ORDER BY h."createdAt" DESC, h.id DESC
    LIMIT ${first + 1}`;
  const highlights = rows.map(({ articleTitle, articleUrl, feedTitle, ...highlight }) => ({
    ...highlight,
    article: { id: highlight.articleId, title: articleTitle, url: articleUrl, feedTitle },
  }));
  return toPage(highlights, first, (row) => encodeKeyset({ time: row.createdAt, id: row.id }));
}
