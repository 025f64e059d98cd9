import { z } from 'zod';
import { Prisma } from '../../generated/prisma/client.ts';
import { notHidden } from '../articles/articleListSql.ts';
import { markArticlesUnread } from '../articles/articleState.ts';
import { parseInput } from '../core/errors.ts';
import type { Services, Viewer } from '../core/services.ts';
import { articlesByNumber } from './itemIds.ts';
import { loadSyncItems, type SyncItem } from './syncItems.ts';

// The Fever API's reads: items by number (its clients walk them up from since_id or down from max_id), and the
// numbers of every unread and every saved (starred) item.
// What the viewer's filter rules hide (HiddenArticle) is left out of the items walked and their total, and is never
// unread; saved items keep it, and with_ids answers any item of the viewer's it names (a saved one may be hidden). A
// muted subscription's items stay: Fever has no "all" stream for it to leave, and its clients build every list,
// the feed's own included, from the items they fetched.

/** Fever's page of items. */
export const FEVER_ITEMS_PAGE = 50;
/** What `unread_recently_read` takes back: the reads of this last while. */
const RECENTLY_READ_MS = 60 * 60 * 1000;

const itemsInput = z.object({
  sinceId: z.bigint().nullish(),
  maxId: z.bigint().nullish(),
  withIds: z.array(z.bigint()).max(FEVER_ITEMS_PAGE, `with_ids takes at most ${FEVER_ITEMS_PAGE} ids`).nullish(),
});

/**
 * A page of the viewer's items: those named by `withIds`, else the next 50 above `sinceId` (ascending), else
 * the 50 below `maxId` (or the newest 50) descending; one short range of Article_feedId_syncId_idx per followed
 * feed, merged. With the number of articles of the feeds they follow (FeedArticleCount).
 */
export async function feverItems(services: Services, viewer: Viewer, input: unknown): Promise<{ items: SyncItem[]; total: number }> {
  const { sinceId, maxId, withIds } = parseInput(itemsInput, input);
  const [ids, total] = await Promise.all([
    withIds
      ? articlesByNumber(services, viewer, withIds).then((found) => found.map((article) => article.id))
      : pageIds(services, viewer, sinceId ?? null, maxId ?? null),
    totalItems(services, viewer),
  ]);
  return { items: await loadSyncItems(services, viewer, ids), total };
}

async function pageIds(services: Services, viewer: Viewer, sinceId: bigint | null, maxId: bigint | null): Promise<string[]> {
  const ascending = sinceId !== null;
  const bound =
    sinceId !== null ? Prisma.sql`AND a."syncId" > ${sinceId}` : maxId !== null ? Prisma.sql`AND a."syncId" < ${maxId}` : Prisma.empty;
  const order = Prisma.raw(ascending ? 'ASC' : 'DESC');
  // Numbers in the per-feed ranges, so each scan stops at the page; the ids after. Each row is looked up for its id,
  // which the hidden probe (a primary-key probe of HiddenArticle) needs: a heap read per row read, hidden ones too.
  const rows = await services.db.$queryRaw<{ id: string }[]>`
    SELECT a.id FROM (
      SELECT x."syncId" FROM "Subscription" s CROSS JOIN LATERAL (
        SELECT a."syncId" FROM "Article" a WHERE a."feedId" = s."feedId" ${bound} ${notHidden(viewer.id, 'a.id')}
        ORDER BY a."syncId" ${order} LIMIT ${FEVER_ITEMS_PAGE}
      ) x
      WHERE s."userId" = ${viewer.id}::uuid
      ORDER BY x."syncId" ${order} LIMIT ${FEVER_ITEMS_PAGE}
    ) page JOIN "Article" a ON a."syncId" = page."syncId"
    ORDER BY page."syncId" ${order}`;
  return rows.map((row) => row.id);
}

/** The articles of the feeds the viewer follows (FeedArticleCount), less those their rules hide (HiddenArticle holds only those feeds'). */
async function totalItems(services: Services, viewer: Viewer): Promise<number> {
  const [row] = await services.db.$queryRaw<[{ total: number }]>`
    SELECT (coalesce(sum(c.count), 0) - (SELECT count(*) FROM "HiddenArticle" h WHERE h."userId" = ${viewer.id}::uuid))::int AS total
    FROM "Subscription" s JOIN "FeedArticleCount" c ON c."feedId" = s."feedId"
    WHERE s."userId" = ${viewer.id}::uuid`;
  return row.total;
}

/** The numbers of every unread item of the viewer, along their unread range. */
export async function unreadItemNumbers(services: Services, viewer: Viewer): Promise<bigint[]> {
  const rows = await services.db.$queryRaw<{ syncId: bigint }[]>`
    SELECT a."syncId" FROM "UnreadArticle" u JOIN "Article" a ON a.id = u."articleId"
    WHERE u."userId" = ${viewer.id}::uuid ORDER BY a."syncId"`;
  return rows.map((row) => row.syncId);
}

/** The numbers of every starred (Fever: saved) item of the viewer. */
export async function savedItemNumbers(services: Services, viewer: Viewer): Promise<bigint[]> {
  const rows = await services.db.$queryRaw<{ syncId: bigint }[]>`
    SELECT a."syncId" FROM "StarredArticle" st JOIN "Article" a ON a.id = st."articleId"
    WHERE st."userId" = ${viewer.id}::uuid ORDER BY a."syncId"`;
  return rows.map((row) => row.syncId);
}

/** Marks unread again what the viewer read in the last hour (Fever's `unread_recently_read`); answers how many. */
export async function unreadRecentlyRead(services: Services, viewer: Viewer): Promise<number> {
  const recent = await services.db.articleRead.findMany({
    where: { userId: viewer.id, readAt: { gte: new Date(Date.now() - RECENTLY_READ_MS) } },
    select: { articleId: true },
  });
  return markArticlesUnread(
    services,
    viewer,
    recent.map((read) => read.articleId),
  );
}
