import { describe, expect, it } from 'vitest';
import { findAdvertisedFeeds } from './discoverLinks.ts';

describe('findAdvertisedFeeds', () => {
  it('finds RSS, Atom and JSON feeds linked as alternates, resolved against the page', () => {
    const html = `<html><head>
      <link rel="alternate" type="application/rss+xml" title="Posts" href="/feed.xml">
      <link rel="alternate" type="application/atom+xml" title="Atom &amp; more" href="atom.xml">
      <LINK REL="Alternate" TYPE="application/feed+json" HREF="https://cdn.example.org/feed.json">
      <link rel="stylesheet" href="/style.css">
      <link rel="alternate" hreflang="fr" href="/fr/">
    </head></html>`;
    expect(findAdvertisedFeeds(html, 'https://blog.example.org/posts/')).toEqual([
      { url: 'https://blog.example.org/feed.xml', title: 'Posts' },
      { url: 'https://blog.example.org/posts/atom.xml', title: 'Atom & more' },
      { url: 'https://cdn.example.org/feed.json', title: '' },
    ]);
  });

  it('honours <base href> and drops duplicates and non-http links', () => {
    const html = `<base href="https://static.example.org/">
      <link rel="alternate" type="application/rss+xml" href="rss">
      <link rel="alternate" type="application/rss+xml" href="https://static.example.org/rss">
      <link rel="alternate" type="application/rss+xml" href="javascript:alert(1)">
      <link rel="alternate" type="application/rss+xml" href="ftp://example.org/feed">`;
    expect(findAdvertisedFeeds(html, 'https://example.org/')).toEqual([{ url: 'https://static.example.org/rss', title: '' }]);
  });

  it('finds nothing in a page without feed links', () => {
    expect(findAdvertisedFeeds('<p>Hello</p>', 'https://example.org/')).toEqual([]);
  });
});
