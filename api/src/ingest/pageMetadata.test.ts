import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isHtmlResponse, PAGE_DESCRIPTION_MAX, PAGE_TITLE_MAX, pageArticle, pageGuid, readPageMetadata } from './pageMetadata.ts';

const fixture = (name: string) => readFileSync(new URL(`./testdata/${name}`, import.meta.url), 'utf8');
const NOW = new Date('2026-11-25T12:00:00Z');
const read = (name: string, url = 'https://www.example.org/news/story?ref=feed#top') => readPageMetadata(fixture(name), url, NOW);

describe('readPageMetadata', () => {
  it('prefers Open Graph: title, site name, description, image and address resolved against the page', () => {
    expect(read('page-open-graph.html')).toEqual({
      title: 'The Open Graph title & more',
      siteName: 'Example News',
      description: 'What the page is about, <b>not</b> bold.',
      imageUrl: 'https://www.example.org/images/cover.jpg',
      url: 'https://www.example.org/articles/open-graph',
      publishedAt: new Date('2026-03-04T05:06:07Z'),
    });
  });

  it('falls back to the Twitter card, resolving relative URLs against <base href>', () => {
    expect(read('page-twitter.html', 'https://example.org/post')).toMatchObject({
      title: 'The Twitter title',
      description: 'The Twitter description',
      imageUrl: 'https://static.example.org/base/img/card.png',
      siteName: 'example.org',
      url: 'https://example.org/post',
    });
  });

  it('reads a plain <title> and description meta, not an <svg> title, and ignores a canonical on another site', () => {
    expect(read('page-plain.html')).toEqual({
      title: 'Just a plain title',
      siteName: 'www.example.org',
      description: 'A plain description',
      imageUrl: null,
      url: 'https://www.example.org/news/story?ref=feed',
      publishedAt: NOW,
    });
  });

  it('takes a canonical link on the same site (http or https, with or without www.)', () => {
    const html = '<html><head><link rel="canonical" href="http://example.org/story"></head></html>';
    expect(readPageMetadata(html, 'https://www.example.org/story?utm_source=x', NOW).url).toBe('http://example.org/story');
  });

  it('makes do with nothing: the address as title, the host as site name, now as the date', () => {
    expect(read('page-bare.html', 'https://example.org/a/b')).toEqual({
      title: 'https://example.org/a/b',
      siteName: 'example.org',
      description: '',
      imageUrl: null,
      url: 'https://example.org/a/b',
      publishedAt: NOW,
    });
  });

  it('caps long texts, drops images that are not http(s) and publication dates in the future', () => {
    const html = `<head><meta property="og:title" content="${'t'.repeat(PAGE_TITLE_MAX + 50)}">
      <meta property="og:description" content="${'word '.repeat(PAGE_DESCRIPTION_MAX)}">
      <meta property="og:image" content="javascript:alert(1)"><meta name="twitter:image" content="data:image/png;base64,AA">
      <meta property="article:published_time" content="2099-01-01T00:00:00Z"></head>`;
    const page = readPageMetadata(html, 'https://example.org/', NOW);
    expect(Array.from(page.title).length).toBeLessThanOrEqual(PAGE_TITLE_MAX + 1);
    expect(page.description.length).toBeLessThanOrEqual(PAGE_DESCRIPTION_MAX + 1);
    expect(page.description.endsWith('…')).toBe(true);
    expect(page.imageUrl).toBeNull();
    expect(page.publishedAt).toEqual(NOW);
  });
});

describe('isHtmlResponse', () => {
  it.each([
    ['text/html; charset=utf-8', '<p>hi</p>', true],
    ['application/xhtml+xml', '<html/>', true],
    [null, '\ufeff  <!DOCTYPE html><html></html>', true],
    [null, '<html><body></body></html>', true],
    ['application/pdf', '%PDF-1.7', false],
    ['application/rss+xml', '<rss version="2.0"></rss>', false],
    ['text/plain', '<!doctype html>', false],
    [null, '{"json": true}', false],
  ])('%s with %j → %s', (contentType, body, expected) => {
    expect(isHtmlResponse(contentType, Buffer.from(body))).toBe(expected);
  });
});

describe('pageArticle', () => {
  it('stores the description as one sanitised paragraph, with excerpt, image and the address as guid', () => {
    const article = pageArticle(read('page-open-graph.html'));
    expect(article).toEqual({
      guid: 'https://www.example.org/articles/open-graph',
      url: 'https://www.example.org/articles/open-graph',
      title: 'The Open Graph title & more',
      siteName: 'Example News',
      author: null,
      excerpt: 'What the page is about, <b>not</b> bold.',
      content: '<p>What the page is about, &lt;b&gt;not&lt;/b&gt; bold.</p>',
      imageUrl: 'https://www.example.org/images/cover.jpg',
      publishedAt: new Date('2026-03-04T05:06:07Z'),
    });
  });

  it('has no content without a description, and a long address becomes a hashed guid', () => {
    const long = `https://example.org/${'a'.repeat(600)}`;
    expect(pageArticle(readPageMetadata('<title>x</title>', long, NOW))).toMatchObject({ content: '', excerpt: '', guid: pageGuid(long) });
    expect(pageGuid(long)).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
});
