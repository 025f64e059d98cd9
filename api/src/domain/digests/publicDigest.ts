import type { Prisma } from '../../generated/prisma/client.ts';
import { publicFeedAddress } from '../access/feedAddress.ts';
import { subscribeLink } from './markdown.ts';

// A feed suggestion as digests write it (`subscribeLink`): `[label](subscribe:{URL-encoded address})`.
const SUBSCRIBE_LINK = /\[((?:\\.|[^\]\\])*)\]\(subscribe:([^)\s]*)\)/g;

// The lists of a digest's metadata whose entries name a feed by `url` (FeedSuggestion, NewFeed).
const FEED_LISTS = ['suggestions', 'newFeeds'] as const;

/**
 * A stored digest as its reader may see it: every feed address in its text and metadata through `publicFeedAddress`.
 * New digests are written that way; this holds the rule for the ones written before it, which named the feeds of the
 * people a reader follows whole (a subscriber's `user:password@` or `?token=`) and are kept as long as their owner wants.
 */
export function publicDigest<T extends { content: string; metadata: Prisma.JsonValue }>(digest: T): T {
  return { ...digest, content: publicDigestContent(digest.content), metadata: publicDigestMetadata(digest.metadata) };
}

/** A digest's Markdown with the address of each feed suggestion made public, and its label when that was the address. */
export function publicDigestContent(content: string): string {
  return content.replace(SUBSCRIBE_LINK, (_link, label: string, target: string) => {
    const address = decoded(target);
    // A feed without a title was named by its address.
    const title = label.replace(/\\(.)/g, '$1');
    return subscribeLink({ title: title === address ? '' : title, url: publicFeedAddress(address) });
  });
}

/** A digest's metadata with the `url` of each entry of its feed lists made public. */
export function publicDigestMetadata(metadata: Prisma.JsonValue): Prisma.JsonValue {
  if (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata)) return metadata;
  const lists = FEED_LISTS.flatMap((key) => {
    const list = metadata[key];
    if (!Array.isArray(list)) return [];
    return [[key, list.map((entry) => (isFeedEntry(entry) ? { ...entry, url: publicFeedAddress(entry.url) } : entry))]];
  });
  return { ...metadata, ...Object.fromEntries(lists) };
}

function isFeedEntry(entry: Prisma.JsonValue): entry is Prisma.JsonObject & { url: string } {
  return entry !== null && typeof entry === 'object' && !Array.isArray(entry) && typeof entry.url === 'string';
}

function decoded(target: string): string {
  try {
    return decodeURIComponent(target);
  } catch {
    return '';
  }
}
