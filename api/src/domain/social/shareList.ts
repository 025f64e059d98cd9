import { Prisma } from '../../generated/prisma/client.ts';
import { z } from 'zod';
import { loadArticleViews, type ArticleView } from '../articles/articleView.ts';
import { parseInput } from '../core/errors.ts';
import { decodeKeyset, encodeKeyset, type KeysetPosition } from '../core/keyset.ts';
import { toPage, type Page } from '../core/pages.ts';
import type { Services, Viewer } from '../core/services.ts';
import { storyArticleIds } from '../stories/storyCopies.ts';
import { shareInclude } from './shares.ts';
import { visibleSharesSql, visibleSharesWhere } from '../access/shareVisibility.ts';
import type { PublicUser } from '../core/publicUser.ts';
import type { RuleRow } from '../rules/applyRules.ts';
import { everythingRulesSql, hiddenOutsideFeeds } from '../rules/hiddenOutsideFeeds.ts';

export const SHARE_PAGE_DEFAULT = 20;
export const SHARE_PAGE_MAX = 100;

/** A share with its sharer and its article as the viewer sees it. */
/** A share as a viewer sees it; `quote` is the highlighted passage of a highlight shared as a quote, else null. */
export type ShareView = {
  id: string;
  note: string | null;
  isPublic: boolean;
  quote: string | null;
  createdAt: Date;
  user: PublicUser;
  article: ArticleView;
};
export type SharePage = { shares: ShareView[]; hasNextPage: boolean; endCursor: string | null };

const sharePageInput = z.object({
  first: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .nullish()
    .transform((first) => Math.min(first ?? SHARE_PAGE_DEFAULT, SHARE_PAGE_MAX)),
  after: z.string({ error: 'Invalid cursor' }).nullish(),
});

/**
 * A condition on share `s` leaving it out when the viewer's filter rules hide its article in a feed they follow
 * (HiddenArticle), as their lists do; their own shares stay (they kept those).
 */
const notHiddenFromViewer = (viewer: Viewer) => Prisma.sql`(s."userId" = ${viewer.id}::uuid OR NOT EXISTS (
  SELECT 1 FROM "HiddenArticle" h WHERE h."userId" = ${viewer.id}::uuid AND h."articleId" = s."articleId"))`;

/** The viewer and the people they follow: whose shares make the Shared list. */
const sharedListSharers = (viewer: Viewer) =>
  Prisma.sql`SELECT ${viewer.id}::uuid AS "userId" UNION SELECT "followingId" FROM "Follow" WHERE "followerId" = ${viewer.id}::uuid`;

/** The shares of the people the viewer follows and the viewer's own, newest first: the Shared list. */
export function listShares(services: Services, viewer: Viewer, input: unknown): Promise<SharePage> {
  return sharePage(services, viewer, sharedListSharers(viewer), input);
}

/**
 * How many different articles the Shared list is about: the 'total' of the reader's 'n/total' when it pages
 * through the list, where two people's shares of one article are one stop. What the viewer's rules hide in their
 * feeds is not counted; what their rules for everything hide in other feeds is (the list finds it page by page).
 */
export async function countSharedListArticles(services: Services, viewer: Viewer): Promise<number> {
  const [row] = await services.db.$queryRaw<{ count: bigint }[]>`
    SELECT count(DISTINCT s."articleId") AS count FROM (${sharedListSharers(viewer)}) sharers
    JOIN "Share" s ON s."userId" = sharers."userId" AND ${visibleSharesSql(viewer, 's')} AND ${notHiddenFromViewer(viewer)}`;
  return Number(row?.count ?? 0);
}

/** One user's shares that the viewer may see, newest first. */
export function listUserShares(services: Services, viewer: Viewer, userId: string, input: unknown): Promise<SharePage> {
  return sharePage(services, viewer, Prisma.sql`SELECT ${userId}::uuid AS "userId"`, input);
}

// One short range of Share_userId_createdAt_id_idx per sharer, merged: a keyset page at any depth. Others' shares of
// what the viewer's rules hide are left out, as from the Circle view: in their feeds by a primary-key probe per row,
// in other feeds (rules for everything, read by the same statement) after it, in one more statement when the viewer
// has such rules, so such a page may be short; the cursor follows the rows.
async function sharePage(services: Services, viewer: Viewer, sharers: Prisma.Sql, input: unknown): Promise<SharePage> {
  const { first, after } = parseInput(sharePageInput, input ?? {});
  const position: KeysetPosition | null = after ? decodeKeyset(after) : null;
  const before = position ? Prisma.sql`AND (s."createdAt", s.id) < (${position.time}::timestamptz, ${position.id}::uuid)` : Prisma.empty;
  const rows = await services.db.$queryRaw<{ id: string; createdAt: Date; articleId: string; own: boolean; rules: RuleRow[] }[]>`
    SELECT page.id, page."createdAt", page."articleId", page.own, ${everythingRulesSql(viewer.id)} AS rules FROM (${sharers}) sharers CROSS JOIN LATERAL (
      SELECT s.id, s."createdAt", s."articleId", s."userId" = ${viewer.id}::uuid AS own FROM "Share" s
      WHERE s."userId" = sharers."userId" AND ${visibleSharesSql(viewer, 's')} AND ${notHiddenFromViewer(viewer)} ${before}
      ORDER BY "createdAt" DESC, id DESC LIMIT ${first + 1}
    ) page
    ORDER BY page."createdAt" DESC, page.id DESC LIMIT ${first + 1}`;
  const paged = rows.slice(0, first);
  const hidden = await hiddenOutsideFeeds(
    services,
    viewer.id,
    [...new Set(paged.filter((row) => !row.own).map((row) => row.articleId))],
    rows[0]?.rules ?? [],
  );
  const views = await loadShareViews(
    services,
    viewer,
    paged.filter((row) => row.own || !hidden.has(row.articleId)).map((row) => row.id),
  );
  const last = paged.at(-1);
  return { shares: views, hasNextPage: rows.length > first, endCursor: last ? encodeKeyset({ time: last.createdAt, id: last.id }) : null };
}

/**
 * The views of the shares `ids` that the viewer may see, in `ids` order (ids that name no such share are left out):
 * three statements for any number.
 */
export async function loadShareViews(services: Services, viewer: Viewer, ids: readonly string[]): Promise<ShareView[]> {
  const shares = await services.db.share.findMany({
    where: { id: { in: [...ids] }, ...visibleSharesWhere(viewer) },
    include: shareInclude,
  });
  const articles = await loadArticleViews(services, viewer.id, { ids: [...new Set(shares.map((share) => share.articleId))] });
  const articleById = new Map(articles.map((article) => [article.id, article]));
  const byId = new Map(shares.map((share) => [share.id, share]));
  return ids.flatMap((id) => {
    const share = byId.get(id);
    const article = share && articleById.get(share.articleId);
    return share && article
      ? [
          {
            id: share.id,
            note: share.note,
            isPublic: share.isPublic,
            quote: share.quote,
            createdAt: share.createdAt,
            user: share.user,
            article,
          },
        ]
      : [];
  });
}

/**
 * An article's shares that the viewer may see, with those of every other copy of its story, newest first, a page at
 * a time (keyset on createdAt, id), for the reader's conversation (share notes among the comments). `article` is
 * the view the caller already holds: a share of it carries it, a share of another copy that copy's view.
 */
export async function listArticleShares(
  services: Services,
  viewer: Viewer,
  article: ArticleView,
  input: unknown,
): Promise<Page<ShareView>> {
  const { first, after } = parseInput(sharePageInput, input ?? {});
  const position = after ? decodeKeyset(after) : null;
  const copies = await storyArticleIds(services.db, article.id);
  const shares = await services.db.share.findMany({
    where: {
      articleId: { in: copies },
      AND: [
        visibleSharesWhere(viewer),
        ...(position ? [{ OR: [{ createdAt: { lt: position.time } }, { createdAt: position.time, id: { lt: position.id } }] }] : []),
      ],
    },
    include: shareInclude,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: first + 1,
  });
  const otherIds = [...new Set(shares.map((share) => share.articleId).filter((id) => id !== article.id))];
  const others = new Map((await loadArticleViews(services, viewer.id, { ids: otherIds })).map((view) => [view.id, view]));
  const views = shares.map((share) => ({
    id: share.id,
    note: share.note,
    isPublic: share.isPublic,
    quote: share.quote,
    createdAt: share.createdAt,
    user: share.user,
    article: others.get(share.articleId) ?? article,
  }));
  return toPage(views, first, (share) => encodeKeyset({ time: share.createdAt, id: share.id }));
}
