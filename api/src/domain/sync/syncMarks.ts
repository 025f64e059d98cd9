import { z } from 'zod';
import { markAllArticlesRead, markArticlesRead, markArticlesUnread, setMarks } from '../articles/articleState.ts';
import { NotFoundError, parseInput } from '../core/errors.ts';
import type { Services, Viewer } from '../core/services.ts';
import { shareArticle, unshare } from '../social/shares.ts';
import { STREAM_IDS_MAX } from './streams.ts';
import { articlesByNumber } from './itemIds.ts';

// What a sync client changes on items, through the same rules as the web app: read, starred, liked, and
// broadcast (Google Reader's shared items), which is a public share of the article.

export const ITEM_TAGS = ['read', 'starred', 'like', 'broadcast'] as const;
export type ItemTag = (typeof ITEM_TAGS)[number];

const editInput = z.object({
  numbers: z.array(z.bigint()).min(1, 'Name at least one item').max(STREAM_IDS_MAX, `Name at most ${STREAM_IDS_MAX} items at once`),
  add: z.array(z.enum(ITEM_TAGS)),
  remove: z.array(z.enum(ITEM_TAGS)),
});

/** Adds and removes these tags on the viewer's items with these numbers; answers how many items it found. */
export async function editItemTags(services: Services, viewer: Viewer, input: unknown): Promise<number> {
  const { numbers, add, remove } = parseInput(editInput, input);
  const ids = (await articlesByNumber(services, viewer, numbers)).map((article) => article.id);
  if (ids.length === 0) return 0;
  for (const [tags, on] of [
    [add, true],
    [remove, false],
  ] as const) {
    for (const tag of new Set(tags)) await setTag(services, viewer, ids, tag, on);
  }
  return ids.length;
}

async function setTag(services: Services, viewer: Viewer, ids: string[], tag: ItemTag, on: boolean): Promise<void> {
  if (tag === 'read') await (on ? markArticlesRead : markArticlesUnread)(services, viewer, ids);
  else if (tag === 'starred' || tag === 'like') await setMarks(services, viewer, ids, tag === 'starred' ? 'star' : 'like', on);
  else await setBroadcast(services, viewer, ids, on);
}

/**
 * Shares the articles publicly (keeping the note of an earlier share), or takes the viewer's shares of them back: the
 * plain shares, which reader apps know; quotes of highlights are the app's own.
 */
async function setBroadcast(services: Services, viewer: Viewer, ids: string[], on: boolean): Promise<void> {
  const shares = await services.db.share.findMany({
    where: { userId: viewer.id, articleId: { in: ids }, highlightId: null },
    select: { id: true, articleId: true, note: true, isPublic: true },
  });
  const byArticle = new Map(shares.map((share) => [share.articleId, share]));
  for (const articleId of ids) {
    const share = byArticle.get(articleId);
    if (on && !share?.isPublic) await shareArticle(services, viewer, { articleId, note: share?.note, isPublic: true });
    if (!on && share) await unshare(services, viewer, share.id);
  }
}

const markAllInput = z.object({
  scope: z.union([
    z.object({ kind: z.literal('everything') }),
    z.object({ kind: z.literal('feed'), feedSyncId: z.bigint() }),
    z.object({ kind: z.literal('folder'), name: z.string() }),
    z.object({ kind: z.literal('folderNumber'), folderSyncId: z.bigint() }),
  ]),
  beforeDate: z.date().nullish(),
});

/**
 * Marks every unread article of the viewer's feed (by number), folder (by name or number) or reading list read,
 * those published after `beforeDate` excepted (`markAllArticlesRead`; `muted` as there: 'include' for Fever, whose
 * clients list a muted feed's items everywhere).
 */
export async function markAllItemsRead(
  services: Services,
  viewer: Viewer,
  input: unknown,
  muted: 'leave out' | 'include' = 'leave out',
): Promise<{ markedCount: number }> {
  const { scope, beforeDate } = parseInput(markAllInput, input);
  const ids =
    scope.kind === 'feed'
      ? { feedId: (await services.db.feed.findUnique({ where: { syncId: scope.feedSyncId }, select: { id: true } }))?.id }
      : scope.kind === 'folder' || scope.kind === 'folderNumber'
        ? {
            folderId: (
              await services.db.folder.findFirst({
                where: { userId: viewer.id, ...(scope.kind === 'folder' ? { name: scope.name } : { syncId: scope.folderSyncId }) },
                select: { id: true },
              })
            )?.id,
          }
        : {};
  if ('feedId' in ids && !ids.feedId) throw new NotFoundError('Feed not found');
  if ('folderId' in ids && !ids.folderId) throw new NotFoundError('Folder not found');
  return markAllArticlesRead(services, viewer, { ...ids, beforeDate: beforeDate ?? null }, muted);
}
