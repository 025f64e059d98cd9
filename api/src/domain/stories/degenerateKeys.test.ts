import { describe, expect, it } from 'vitest';
import { degenerateKeys } from './degenerateKeys.ts';
import type { StoryCandidate } from './storyCandidate.ts';

const TAGLINE =
  'Northwind Outdoor makes tents, packs and sleeping bags in Portland, Oregon, and repairs everything it has ever sold. Read the full story on ' +
  'our journal, where we write about gear, trips and the people who make them.';

const item = (n: number, fields: Partial<StoryCandidate> = {}): StoryCandidate => ({
  feedId: 'feed',
  url: `https://example.com/posts/${n}`,
  guid: `tag:example.com,2026:post-${n}`,
  guidIsPermaLink: false,
  originalUrl: null,
  title: `Post ${n}`,
  text: `Post number ${n}.`,
  publishedAt: new Date(Date.UTC(2026, 4, n)),
  ...fields,
});

describe('degenerateKeys', () => {
  it('finds nothing wrong with a feed whose items have their own keys', () => {
    expect(degenerateKeys([1, 2, 3, 4].map((n) => item(n)))).toEqual(new Set());
    expect(degenerateKeys([])).toEqual(new Set());
    expect(degenerateKeys([item(1)])).toEqual(new Set());
  });

  it('finds a feed that links every item to one page', () => {
    expect(degenerateKeys([1, 2, 3].map((n) => item(n, { url: 'https://example.com/blog/' })))).toEqual(new Set(['address']));
  });

  it('finds a feed that gives every item one GUID', () => {
    expect(degenerateKeys([1, 2, 3].map((n) => item(n, { guid: 'tag:example.com,2020:blog' })))).toEqual(new Set(['guid']));
  });

  it('finds a feed that gives every item one text', () => {
    expect(degenerateKeys([1, 2, 3].map((n) => item(n, { text: TAGLINE })))).toEqual(new Set(['text']));
  });

  it('tolerates an article linked twice among many, but not one key on half of the items', () => {
    const items = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => item(n));
    expect(degenerateKeys([...items, item(9, { url: items[0]!.url })])).toEqual(new Set());
    expect(
      degenerateKeys([item(1), item(2), item(3, { url: 'https://example.com/blog' }), item(4, { url: 'https://example.com/blog' })]),
    ).toEqual(new Set(['address']));
  });

  it('does not count items that have no key', () => {
    expect(degenerateKeys([1, 2, 3].map((n) => item(n, { url: 'https://www.example.com/', guid: String(n) })))).toEqual(new Set());
  });
});
