import { describe, expect, it } from 'vitest';
import { feedLabel, mergeCandidates } from './candidates.ts';

describe('mergeCandidates', () => {
  it('lists the page’s links first, then the server’s, each feed once', () => {
    const onPage = [
      { url: 'https://example.org/feed.xml', title: 'Example' },
      { url: 'https://example.org/comments.xml', title: '' },
    ];
    const detected = [
      { url: 'https://example.org/feed.xml', title: 'Example (server)', description: 'x' },
      { url: 'https://example.org/comments.xml#top', title: 'Comments' },
      { url: 'https://example.org/atom', title: 'Atom' },
    ];
    expect(mergeCandidates(onPage, detected)).toEqual([
      { url: 'https://example.org/feed.xml', title: 'Example', subscribed: false },
      { url: 'https://example.org/comments.xml', title: 'Comments', subscribed: false },
      { url: 'https://example.org/atom', title: 'Atom', subscribed: false },
    ]);
  });

  it('treats addresses that differ only in spelling as one feed', () => {
    expect(
      mergeCandidates([{ url: 'HTTPS://Example.org:443/feed', title: ' A ' }], [{ url: 'https://example.org/feed', title: 'B' }]),
    ).toEqual([{ url: 'HTTPS://Example.org:443/feed', title: 'A', subscribed: false }]);
  });

  it('marks a feed followed when the server says the viewer subscribes to it', () => {
    const onPage = [{ url: 'https://example.org/feed.xml', title: 'Example' }];
    const detected = [
      { url: 'https://example.org/feed.xml', title: 'Example', subscribed: true },
      { url: 'https://example.org/atom', title: 'Atom', subscribed: false },
    ];
    expect(mergeCandidates(onPage, detected).map(({ subscribed }) => subscribed)).toEqual([true, false]);
  });

  it('is empty when nobody found anything', () => {
    expect(mergeCandidates([], [])).toEqual([]);
  });
});

describe('feedLabel', () => {
  it('names a feed by its title, else its address', () => {
    expect(feedLabel({ url: 'https://example.org/feed', title: 'Example' })).toBe('Example');
    expect(feedLabel({ url: 'https://example.org/feed', title: '' })).toBe('https://example.org/feed');
  });
});
