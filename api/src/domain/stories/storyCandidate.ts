import { canonicalAddress, isSiteRoot } from './canonicalAddress.ts';
import { guidStoryKey } from './guidStoryKey.ts';
import { textKey, type TextKey } from './textKey.ts';

/** The rules by which two articles are the same story, strongest first. */
export const STORY_RULES = ['address', 'guid', 'text'] as const;
export type StoryRule = (typeof STORY_RULES)[number];

/** An article as story matching sees it. */
export interface StoryCandidate {
  feedId: string;
  /** The item's link (absolute http(s), as normalised). */
  url: string | null;
  guid: string | null;
  /** The RSS guid's isPermaLink (true when the attribute is absent); false for Atom and JSON Feed ids. */
  guidIsPermaLink: boolean;
  /** The item's feedburner:origLink: the article's own address when `url` is a FeedBurner redirect. */
  originalUrl: string | null;
  title: string;
  /** Plain text of the first paragraphs; about 1,000 characters are enough. */
  text: string;
  publishedAt: Date;
  /** The keys when already computed (as stored with the article); computed from the fields above when absent. */
  keys?: StoryKeys;
}

/** What an article is matched by: each key, or null when that rule cannot apply to it. */
export interface StoryKeys {
  /** The canonical address of the article's own link (addressStoryKey). */
  address: string | null;
  /** The GUID's key (guidStoryKey): a canonical address for a permalink, else a tag: or urn: URI. */
  guid: string | null;
  text: TextKey | null;
}

/**
 * Returns the article's story keys: canonical address, global GUID and text key (each null when unusable; the text
 * key also when `withText` is false, as for an article too old to keep one: its MinHash is most of the keys' cost).
 */
export function storyKeys(candidate: StoryCandidate, { withText = true }: { withText?: boolean } = {}): StoryKeys {
  return {
    address: addressStoryKey(candidate),
    guid: guidStoryKey(candidate.guid, candidate.guidIsPermaLink),
    text: withText ? textKey(candidate) : null,
  };
}

/**
 * Returns the canonical address of the article's own link — its feedburner:origLink when it has one, else its
 * link unless that is a FeedBurner redirect — or null when there is none or it is a site's front page.
 */
export function addressStoryKey(candidate: Pick<StoryCandidate, 'url' | 'originalUrl'>): string | null {
  const address =
    (candidate.originalUrl === null ? null : canonicalAddress(candidate.originalUrl)) ??
    (candidate.url === null ? null : canonicalAddress(candidate.url, candidate.originalUrl));
  return address === null || isSiteRoot(address) ? null : address;
}
