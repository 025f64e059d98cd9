import { describe, expect, it } from 'vitest';
import { EXCERPT_MAX_CHARACTERS, isExcerpt, looksLikeExcerpts } from './excerpts.ts';
import { plainText } from './sanitise.ts';

/** `count` paragraphs of an article, comfortably over the excerpt length from four on. */
const paragraphs = (count: number) =>
  Array.from({ length: count }, (_, i) => `<p>Paragraph ${i + 1} goes on about the river, the ice and what the town did next.</p>`).join(
    '\n',
  );

const FULL_ARTICLE = paragraphs(12);
const TEASER = '<p>The river froze over in a single night, and the town woke to find the ferry stuck fast.</p>';

describe('isExcerpt', () => {
  it('takes anything shorter than the excerpt length for a teaser', () => {
    expect(plainText(TEASER).length).toBeLessThan(EXCERPT_MAX_CHARACTERS);
    expect(isExcerpt(plainText(TEASER))).toBe(true);
    expect(isExcerpt(plainText(''))).toBe(true);
  });

  it('does not take a long full article for one, even when it says “read more” along the way', () => {
    expect(plainText(FULL_ARTICLE).length).toBeGreaterThan(EXCERPT_MAX_CHARACTERS);
    expect(isExcerpt(plainText(FULL_ARTICLE))).toBe(false);
    const mentions = `${paragraphs(6)}<p>Read more about rivers in <a href="/library">the library</a>, or continue reading below… and on.</p>${paragraphs(6)}`;
    expect(isExcerpt(plainText(mentions))).toBe(false);
  });

  it.each([
    ['an ellipsis', '<p>And then the town…</p>'],
    ['three dots', '<p>And then the town...</p>'],
    ['WordPress’s bracketed ellipsis', '<p>And then the town [&hellip;]</p>'],
    ['a bracketed ellipsis of dots', '<p>And then the town [...]</p>'],
    ['“(more…)”', '<p><a href="/the-river#more">(more…)</a></p>'],
    ['“Read more”', '<p><a href="/the-river">Read more</a></p>'],
    ['“Read more →”', '<p><a href="/the-river">Read more →</a></p>'],
    ['“Continue reading Title →”', '<p><a href="/the-river">Continue reading The river froze <span class="meta-nav">→</span></a></p>'],
    ['“Continue reading” and the quoted title', '<p><a href="/the-river">Continue reading<span> “The river froze”</span></a></p>'],
    ['“Read the full story »”', '<p><a href="/the-river">Read the full story »</a></p>'],
    ['“Keep reading”', '<p><a href="/the-river">Keep reading</a></p>'],
  ])('takes a long text ending in %s for a teaser', (_name, ending) => {
    const content = `${paragraphs(10)}${ending}`;
    expect(plainText(content).length).toBeGreaterThan(EXCERPT_MAX_CHARACTERS);
    expect(isExcerpt(plainText(content))).toBe(true);
  });
});

describe('looksLikeExcerpts', () => {
  const day = (n: number) => new Date(Date.UTC(2026, 10, n));
  /** Articles from a pattern, oldest first: 'e' a teaser, 'f' a full article. */
  const feed = (pattern: string) =>
    [...pattern].map((kind, i) => ({ contentText: plainText(kind === 'e' ? TEASER : FULL_ARTICLE), publishedAt: day(i + 1) }));

  it.each([
    ['every article a teaser', 'eeeee', true],
    ['three teasers of five', 'feefe', true],
    ['two teasers of five', 'feffe', false],
    ['a tie is not a majority', 'efef', false],
    ['a single teaser', 'e', true],
    ['a single full article', 'f', false],
    ['no articles', '', false],
  ])('judges %s', (_name, pattern, expected) => {
    expect(looksLikeExcerpts(feed(pattern))).toBe(expected);
  });

  it('judges the newest five only, whatever order the feed lists them in', () => {
    // Most of its articles are teasers, but the five newest are full: the feed has started sending full articles.
    const switched = feed('eeeeeefffff');
    expect(looksLikeExcerpts(switched)).toBe(false);
    expect(looksLikeExcerpts([...switched].reverse())).toBe(false);
    // And the other way: most are full, but three of the five newest are teasers.
    const started = feed('ffffffeee');
    expect(looksLikeExcerpts(started)).toBe(true);
    const shuffled = [8, 0, 7, 1, 6, 2, 5, 3, 4].map((i) => started[i]!);
    expect(looksLikeExcerpts(shuffled)).toBe(true);
  });
});
