import { describe, expect, it } from 'vitest';
import { feedAddressFor, publicFeedAddress } from './feedAddress.ts';

describe('publicFeedAddress', () => {
  it('leaves out the query, the fragment and the user-info, where secrets hide', () => {
    expect(publicFeedAddress('https://me:hunter2@example.com/feeds/private.xml?token=s3cret&x=1#top')).toBe(
      'https://example.com/feeds/private.xml',
    );
    expect(publicFeedAddress('https://example.com/rss')).toBe('https://example.com/rss');
  });

  it('answers an empty address for one it cannot read', () => {
    expect(publicFeedAddress('not a url?token=s3cret')).toBe('');
  });
});

describe('feedAddressFor', () => {
  it('shows a subscriber the whole address and anyone else the public one', () => {
    const feed = { url: 'https://example.com/feed?token=s3cret' };
    expect(feedAddressFor(feed, true)).toBe(feed.url);
    expect(feedAddressFor(feed, false)).toBe('https://example.com/feed');
  });
});
