import { describe, expect, it } from 'vitest';
import { sanitiseHtml } from './sanitise.ts';
import { isTrackingPixel } from './trackingPixels.ts';

describe('tracking pixels', () => {
  it.each([
    { src: 'https://example.org/p.gif', width: '1', height: '1' },
    { src: 'https://example.org/p.gif', width: '0', height: '0px' },
    { src: 'http://feeds.feedburner.com/~r/Example/~4/abc' },
    { src: 'https://pixel.wp.com/b.gif?host=example.org' },
    { src: 'https://stats.wordpress.com/b.gif?v=1' },
    { src: 'https://medium.com/_/stat?event=post.clientViewed&referrerSource=full_rss&postId=abc' },
  ])('recognises %o', (attribs) => {
    expect(isTrackingPixel(attribs)).toBe(true);
  });

  it.each([
    { src: 'https://example.org/photo.jpg', width: '1', height: '600' },
    { src: 'https://example.org/photo.jpg' },
    { src: 'https://medium.com/@author/a-post' },
    { src: 'https://feeds.feedburner.com/Example' },
  ])('keeps %o', (attribs) => {
    expect(isTrackingPixel(attribs)).toBe(false);
  });

  it('removes them when sanitising and keeps the real images', () => {
    const html = sanitiseHtml(
      '<p>Post</p><img src="https://cdn-images-1.medium.com/a.png" alt="Chart">' +
        '<img src="https://medium.com/_/stat?event=post.clientViewed" width="1" height="1">' +
        '<img src="http://feeds.feedburner.com/~r/Example/~4/abc" height="1" width="1" alt="">',
      null,
    );
    expect(html).toBe('<p>Post</p><img src="https://cdn-images-1.medium.com/a.png" alt="Chart" loading="lazy" />');
  });
});
