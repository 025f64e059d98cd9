import { loadArticleViews, type ArticleView } from '../articles/articleView.ts';
import type { Services, Viewer } from '../core/services.ts';
import { articlesByNumber } from './itemIds.ts';

/**
 * An article as a sync API shows it: its view, its number and its feed's, when it arrived, the viewer's folder of
 * its feed, and whether they shared it.
 */
export type SyncItem = ArticleView & {
  syncId: bigint;
  feedSyncId: bigint;
  crawledAt: Date;
  folderName: string | null;
  shared: boolean;
  /** The viewer highlighted a passage of it (Google Reader's label HIGHLIGHTS_LABEL). */
  highlighted: boolean;
  content: string;
};

/** The items of these articles (ids from a stream or `articlesByNumber`), in the ids' order, with their contents. */
export async function loadSyncItems(services: Services, viewer: Viewer, articleIds: readonly string[]): Promise<SyncItem[]> {
  if (articleIds.length === 0) return [];
  const ids = [...articleIds];
  const [views, extras] = await Promise.all([
    loadArticleViews(services, viewer.id, { ids }, { content: true }),
    services.db.$queryRaw<
      {
        id: string;
        syncId: bigint;
        feedSyncId: bigint;
        crawledAt: Date;
        folderName: string | null;
        shared: boolean;
        highlighted: boolean;
      }[]
    >`
      SELECT a.id, a."syncId", f."syncId" AS "feedSyncId", a."createdAt" AS "crawledAt", fo.name AS "folderName",
        EXISTS (SELECT 1 FROM "Share" sh WHERE sh."userId" = ${viewer.id}::uuid AND sh."articleId" = a.id) AS shared,
        EXISTS (SELECT 1 FROM "Highlight" h WHERE h."articleId" = a.id AND h."userId" = ${viewer.id}::uuid) AS highlighted
      FROM "Article" a
      JOIN "Feed" f ON f.id = a."feedId"
      LEFT JOIN "Subscription" s ON s."userId" = ${viewer.id}::uuid AND s."feedId" = a."feedId"
      LEFT JOIN "Folder" fo ON fo.id = s."folderId"
      WHERE a.id = ANY(${ids}::uuid[])`,
  ]);
  const extrasById = new Map(extras.map((extra) => [extra.id, extra]));
  return views.map((view) => ({ ...view, ...extrasById.get(view.id)!, content: view.content ?? '' }));
}

/** The viewer's items with these numbers (numbers of no article of theirs are left out), in the numbers' order. */
export async function loadSyncItemsByNumber(services: Services, viewer: Viewer, numbers: readonly bigint[]): Promise<SyncItem[]> {
  const found = await articlesByNumber(services, viewer, numbers);
  return loadSyncItems(
    services,
    viewer,
    found.map((article) => article.id),
  );
}
