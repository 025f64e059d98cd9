import { describe, expect, it } from 'vitest';
import { ImageCache } from './imageCache.ts';

const image = (bytes: number) => ({ body: Buffer.alloc(bytes), contentType: 'image/png', etag: null, lastModified: null });

describe('ImageCache', () => {
  it('keeps images for their time, then forgets them', () => {
    let now = 0;
    const cache = new ImageCache({ entryBytes: 10, totalBytes: 100, ttlMs: 1000 }, () => now);
    cache.set('a', image(5));
    expect(cache.get('a')?.body.length).toBe(5);
    now = 1000;
    expect(cache.get('a')).toBeNull();
  });

  it('never keeps an image over the entry limit', () => {
    const cache = new ImageCache({ entryBytes: 10, totalBytes: 100, ttlMs: 1000 });
    cache.set('big', image(11));
    expect(cache.get('big')).toBeNull();
  });

  it('drops the least recently used past the total', () => {
    const cache = new ImageCache({ entryBytes: 10, totalBytes: 20, ttlMs: 1000 });
    cache.set('a', image(10));
    cache.set('b', image(10));
    cache.get('a');
    cache.set('c', image(10));
    expect(cache.get('b')).toBeNull();
    expect(cache.get('a')).not.toBeNull();
    expect(cache.get('c')).not.toBeNull();
  });
});
