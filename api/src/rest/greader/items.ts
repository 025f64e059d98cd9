import { longItemId } from '../../domain/sync/itemIds.ts';
import { HIGHLIGHTS_LABEL } from '../../domain/sync/streams.ts';
import type { SyncItem } from '../../domain/sync/syncItems.ts';
import { unixSeconds } from '../syncParams.ts';
import { feedStreamId, labelId, READING_LIST, stateId } from './streamIds.ts';

/** The stream ids an item is in: the reading list, its feed's folder and the states that apply. */
export function itemCategories(item: SyncItem): string[] {
  return [
    READING_LIST,
    ...(item.folderName === null ? [] : [labelId(item.folderName)]),
    ...(item.isRead ? [stateId('read')] : []),
    ...(item.starred ? [stateId('starred')] : []),
    ...(item.isLiked ? [stateId('like')] : []),
    ...(item.shared ? [stateId('broadcast')] : []),
    ...(item.highlighted ? [labelId(HIGHLIGHTS_LABEL)] : []),
  ];
}

/** An item as stream/contents and stream/items/contents answer it (FreshRSS's fields, which NetNewsWire and Reeder read). */
export function greaderItem(item: SyncItem) {
  // Always one link, empty when the article has none, as FreshRSS writes it: Fluent Reader reads canonical[0].href
  // of every item and stops its whole sync at an item without one.
  const link = [{ href: item.url ?? '', type: 'text/html' }];
  return {
    id: longItemId(item.syncId),
    crawlTimeMsec: String(item.crawledAt.getTime()),
    timestampUsec: `${item.crawledAt.getTime()}000`,
    published: unixSeconds(item.publishedAt),
    title: item.title,
    canonical: link,
    alternate: link,
    ...(item.author ? { author: item.author } : {}),
    summary: { content: item.content },
    categories: itemCategories(item),
    origin: { streamId: feedStreamId(item.feedSyncId), title: item.feedTitle, htmlUrl: item.feed.siteUrl ?? '' },
    ...(item.enclosures.length > 0
      ? {
          enclosure: item.enclosures.map((enclosure) => ({
            href: enclosure.url,
            type: enclosure.type,
            ...(enclosure.length ? { length: enclosure.length } : {}),
          })),
        }
      : {}),
  };
}

/** The body of a list of items: stream/contents (its stream id) and stream/items/contents (the reading list). */
export function itemsBody(streamId: string, items: SyncItem[], continuation: string | null = null) {
  return {
    id: streamId,
    updated: unixSeconds(new Date()),
    items: items.map(greaderItem),
    ...(continuation ? { continuation } : {}),
  };
}
