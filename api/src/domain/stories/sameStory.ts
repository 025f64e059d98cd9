import { storyKeys, type StoryCandidate, type StoryKeys, type StoryRule } from './storyCandidate.ts';
import { sharesBand, STORY_WINDOW_MS, TEXT_SIMILARITY_THRESHOLD, textSimilarity } from './textKey.ts';
import { followUp, seriesInstalments } from './titleGuards.ts';

export interface SameStoryOptions {
  /** Per feed id, the rules its items cannot be matched by (from degenerateKeys). */
  unusableRules?: ReadonlyMap<string, ReadonlySet<StoryRule>>;
  /** The text similarity from which texts match; TEXT_SIMILARITY_THRESHOLD unless a measurement varies it. */
  textSimilarityThreshold?: number;
}

/**
 * Returns the rule by which two articles are the same story — the same canonical address; the same global GUID
 * (a permalink GUID also matches the other's address); or near-duplicate opening text, published within
 * STORY_WINDOW_MS, under titles that are not two instalments of a series nor a story and its follow-up — or null.
 * Articles of one feed are never the same story; a key that is unusable for its feed is left out, and the next
 * rule is tried.
 */
export function sameStory(a: StoryCandidate, b: StoryCandidate, options: SameStoryOptions = {}): { rule: StoryRule } | null {
  if (a.feedId === b.feedId) return null;
  const keysA = usableKeys(a, options);
  const keysB = usableKeys(b, options);
  if (keysA.address !== null && keysA.address === keysB.address) return { rule: 'address' };
  if (sameGuid(keysA, keysB)) return { rule: 'guid' };
  if (sameText(a, keysA, b, keysB, options.textSimilarityThreshold ?? TEXT_SIMILARITY_THRESHOLD)) return { rule: 'text' };
  return null;
}

function usableKeys(candidate: StoryCandidate, { unusableRules }: SameStoryOptions): StoryKeys {
  const keys = candidate.keys ?? storyKeys(candidate);
  const unusable = unusableRules?.get(candidate.feedId);
  if (!unusable?.size) return keys;
  return {
    address: unusable.has('address') ? null : keys.address,
    guid: unusable.has('guid') ? null : keys.guid,
    text: unusable.has('text') ? null : keys.text,
  };
}

// A permalink GUID is an address: it names the story that another feed links directly (a feed whose links go
// through a click-tracking redirect often keeps the article's address in its guid).
function sameGuid(a: StoryKeys, b: StoryKeys): boolean {
  if (a.guid !== null && (a.guid === b.guid || a.guid === b.address)) return true;
  return b.guid !== null && b.guid === a.address;
}

function sameText(a: StoryCandidate, keysA: StoryKeys, b: StoryCandidate, keysB: StoryKeys, threshold: number): boolean {
  const textA = keysA.text;
  const textB = keysB.text;
  if (textA === null || textB === null) return false;
  if (Math.abs(a.publishedAt.getTime() - b.publishedAt.getTime()) > STORY_WINDOW_MS) return false;
  if (!sharesBand(textA, textB) || textSimilarity(textA, textB) < threshold) return false;
  return !seriesInstalments(a.title, b.title) && !followUp(a.title, b.title);
}
