import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { feedLinksIn } from './feedLinks.ts';

function page(head: string, url = 'https://blog.example.org/posts/hello'): Document {
  return new JSDOM(`<!doctype html><html><head>${head}</head><body></body></html>`, { url }).window.document;
}

describe('feedLinksIn', () => {
  it('finds RSS, Atom and JSON Feed alternates, resolving relative addresses against the page', () => {
    const doc = page(`
      <link rel="alternate" type="application/rss+xml" title="Posts (RSS)" href="/feed.xml">
      <link rel="alternate" type="application/atom+xml" title=" Atom " href="atom.xml">
      <link rel="alternate" type="application/feed+json" href="https://cdn.example.org/feed.json">
      <link rel="Alternate home" type="application/json; charset=utf-8" title="JSON" href="/feed.json">`);
    expect(feedLinksIn(doc)).toEqual([
      { url: 'https://blog.example.org/feed.xml', title: 'Posts (RSS)' },
      { url: 'https://blog.example.org/posts/atom.xml', title: 'Atom' },
      { url: 'https://cdn.example.org/feed.json', title: '' },
      { url: 'https://blog.example.org/feed.json', title: 'JSON' },
    ]);
  });

  it('honours <base href>', () => {
    const doc = page('<base href="https://other.example.org/blog/"><link rel="alternate" type="application/rss+xml" href="rss">');
    expect(feedLinksIn(doc)).toEqual([{ url: 'https://other.example.org/blog/rss', title: '' }]);
  });

  it('ignores links that are not feed alternates or not web addresses', () => {
    const doc = page(`
      <link rel="stylesheet" type="text/css" href="/style.css">
      <link rel="alternate" type="text/html" hreflang="fr" href="/fr/">
      <link rel="feed" type="application/rss+xml" href="/not-alternate.xml">
      <link rel="alternate" href="/no-type.xml">
      <link rel="alternate" type="application/rss+xml" href="javascript:alert(1)">`);
    expect(feedLinksIn(doc)).toEqual([]);
  });

  it('reads the global document when called with no argument, as executeScript does', () => {
    const doc = page('<link rel="alternate" type="application/atom+xml" href="/atom">');
    const global = globalThis as { document?: Document };
    global.document = doc;
    try {
      expect(feedLinksIn()).toEqual([{ url: 'https://blog.example.org/atom', title: '' }]);
    } finally {
      delete global.document;
    }
  });

  it('needs nothing from its module, since Chrome runs its source alone in the tab', () => {
    const source = feedLinksIn.toString();
    const standalone = new Function(`return (${source})`)() as typeof feedLinksIn;
    expect(standalone(page('<link rel="alternate" type="application/rss+xml" href="/rss">'))).toHaveLength(1);
  });
});
