import type { FastifyInstance } from 'fastify';
import { xmlText } from '../../domain/core/markup.ts';
import { longItemId } from '../../domain/sync/itemIds.ts';
import type { SyncItem } from '../../domain/sync/syncItems.ts';
import { itemCategories } from './items.ts';
import { feedStreamId, labelOf, stateOf } from './streamIds.ts';
import { streamContents } from './streams.ts';

// The Atom stream of the older Google Reader dialect (FeedHQ, The Old Reader; newsboat's `feedhq` and `oldreader`
// sources read items only this way): /reader/atom/<stream> with stream/contents' parameters and page, written as
// Google Reader's Atom, whose `gr:` extensions and category labels those clients read.

const GOOGLE_READER_NS = 'http://www.google.com/schemas/reader/atom/';
const CATEGORY_SCHEME = 'http://www.google.com/reader/';
const READER_TAG = 'tag:google.com,2005:reader/';

const STATE_TITLES: Record<string, string> = {
  'reading-list': 'Reading list',
  starred: 'Starred items',
  read: 'Read items',
  like: 'Liked items',
  broadcast: 'Shared items',
};

/** The feed's title: a state's name, a label's folder, a feed's title as the viewer named it (carried by each item). */
function streamTitle(streamId: string, items: SyncItem[]): string {
  const state = stateOf(streamId);
  if (state !== null) return STATE_TITLES[state] ?? streamId;
  return labelOf(streamId) ?? items[0]?.feedTitle ?? streamId;
}

/** A stream id as Google Reader's category: newsboat reads an item's read state from the label (`read`). */
function category(term: string): string {
  const label = labelOf(term) ?? stateOf(term) ?? term;
  return `<category term="${xmlText(term)}" scheme="${CATEGORY_SCHEME}" label="${xmlText(label)}"/>`;
}

function atomEntry(item: SyncItem): string {
  const feedId = feedStreamId(item.feedSyncId);
  const published = item.publishedAt.toISOString();
  return [
    `<entry gr:crawl-timestamp-msec="${item.crawledAt.getTime()}">`,
    `<id>${longItemId(item.syncId)}</id>`,
    ...itemCategories(item).map(category),
    `<title>${xmlText(item.title)}</title>`,
    `<published>${published}</published>`,
    `<updated>${published}</updated>`,
    ...(item.url ? [`<link rel="alternate" href="${xmlText(item.url)}" type="text/html"/>`] : []),
    ...item.enclosures.map(
      (enclosure) =>
        `<link rel="enclosure" href="${xmlText(enclosure.url)}" type="${xmlText(enclosure.type)}"${enclosure.length ? ` length="${enclosure.length}"` : ''}/>`,
    ),
    `<content type="html">${xmlText(item.content)}</content>`,
    ...(item.author ? [`<author><name>${xmlText(item.author)}</name></author>`] : []),
    `<source gr:stream-id="${xmlText(feedId)}"><id>${xmlText(READER_TAG + feedId)}</id><title>${xmlText(item.feedTitle)}</title>${
      item.feed.siteUrl ? `<link rel="alternate" href="${xmlText(item.feed.siteUrl)}" type="text/html"/>` : ''
    }</source>`,
    '</entry>',
  ].join('\n');
}

/** A page of a stream as Google Reader's Atom feed, with `gr:continuation` when there is more. */
export function atomFeed(streamId: string, items: SyncItem[], continuation: string | null): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:gr="${GOOGLE_READER_NS}">`,
    `<id>${xmlText(READER_TAG + streamId)}</id>`,
    `<title>${xmlText(streamTitle(streamId, items))}</title>`,
    `<updated>${new Date().toISOString()}</updated>`,
    ...(continuation ? [`<gr:continuation>${xmlText(continuation)}</gr:continuation>`] : []),
    ...items.map(atomEntry),
    '</feed>',
    '',
  ].join('\n');
}

export async function atomRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { '*'?: string } }>('/*', async (request, reply) => {
    const { streamId, items, continuation } = await streamContents(request);
    return reply.header('content-type', 'application/atom+xml; charset=utf-8').send(atomFeed(streamId, items, continuation));
  });
}
