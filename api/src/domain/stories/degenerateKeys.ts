import { storyKeys, type StoryCandidate, type StoryRule } from './storyCandidate.ts';

/**
 * Returns the rules that cannot tell this feed's items apart, so that they are skipped for it: `address` when one
 * address stands for many of its items (a feed that links every item to its home or blog page), `guid` when one
 * GUID does, `text` when one text does (a feed whose every description is its tagline). "Many" is at least two
 * items and at least half of those that have the key. Pass the feed's recent items as fetched, before GUID
 * de-duplication, or as stored.
 */
export function degenerateKeys(items: readonly StoryCandidate[]): Set<StoryRule> {
  const keys = items.map((item) => item.keys ?? storyKeys(item));
  const unusable = new Set<StoryRule>();
  if (repeated(keys.map((k) => k.address))) unusable.add('address');
  if (repeated(keys.map((k) => k.guid))) unusable.add('guid');
  // The band hashes stand for the whole signature (equal texts, equal bands) at half its length.
  if (repeated(keys.map((k) => (k.text === null ? null : k.text.bands.join(','))))) unusable.add('text');
  return unusable;
}

function repeated(values: (string | null)[]): boolean {
  const present = values.filter((value): value is string => value !== null);
  const counts = new Map<string, number>();
  let most = 0;
  for (const value of present) {
    const count = (counts.get(value) ?? 0) + 1;
    counts.set(value, count);
    most = Math.max(most, count);
  }
  return most >= 2 && most * 2 >= present.length;
}
