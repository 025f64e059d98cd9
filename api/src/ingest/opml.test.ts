import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exportOpml, OPML_MAX_FEEDS, OpmlError, parseOpml } from './opml.ts';

const fixture = (name: string) => readFileSync(new URL(`./testdata/${name}`, import.meta.url));

describe('parseOpml', () => {
  it('turns top-level outlines into folders and flattens deeper folders into them', () => {
    const doc = parseOpml(fixture('opml-nested-folders.opml'));
    expect(doc.title).toBe('My & your subscriptions');
    expect(doc.folders).toEqual([
      {
        name: 'Tech',
        feeds: [
          { url: 'https://example.com/feed.xml', title: 'Example Blog', siteUrl: 'https://example.com/' },
          { url: 'https://deep.example.com/rss', title: 'Deeply nested', siteUrl: null },
          { url: 'http://nested.example.org/atom.xml', title: 'Title attribute only', siteUrl: null },
        ],
      },
      { name: 'News', feeds: [{ url: 'https://news.example.net/feed', title: 'Daily News', siteUrl: null }] },
    ]);
    expect(doc.rootFeeds).toEqual([{ url: 'https://root.example.com/feed.json', title: 'Root feed', siteUrl: null }]);
  });

  it('keeps only http(s) feed URLs from a flat list and names untitled feeds after their host', () => {
    const doc = parseOpml(fixture('opml-flat.opml'));
    expect(doc.folders).toEqual([]);
    expect(doc.rootFeeds.map((f) => [f.title, f.url])).toEqual([
      ['Café blog', 'https://cafe.example.com/rss'],
      ['untitled.example.com', 'http://untitled.example.com/feed'],
    ]);
  });

  it('reads the feed address from xmlUrl, xmlURL, xmlurl or url, in any case', () => {
    const doc = parseOpml(`<opml version="2.0"><body>
      <outline text="A" xmlUrl="https://a.example.com/feed"/>
      <outline text="B" xmlURL="https://b.example.com/feed"/>
      <outline text="C" xmlurl="https://c.example.com/feed"/>
      <outline text="D" url="https://d.example.com/feed"/>
      <outline TEXT="E" XMLURL="https://e.example.com/feed" HTMLURL="https://e.example.com/"/>
    </body></opml>`);
    expect(doc.rootFeeds.map((feed) => [feed.title, feed.url])).toEqual(
      ['a', 'b', 'c', 'd', 'e'].map((name) => [name.toUpperCase(), `https://${name}.example.com/feed`]),
    );
    expect(doc.rootFeeds[4]!.siteUrl).toBe('https://e.example.com/');
  });

  it('keeps a feed listed in two categories in the first, and names that folder for the second', () => {
    const doc = parseOpml(`<opml version="2.0"><body>
      <outline text="Tech"><outline text="Blog" xmlUrl="https://blog.example.com/feed"/></outline>
      <outline text="Friends"><outline text="Blog again" xmlURL="https://blog.example.com/feed"/></outline>
      <outline text="Root" xmlUrl="https://root.example.com/feed"/>
      <outline text="News"><outline text="Root again" url="https://root.example.com/feed"/></outline>
    </body></opml>`);
    expect(doc.folders).toEqual([{ name: 'Tech', feeds: [{ url: 'https://blog.example.com/feed', title: 'Blog', siteUrl: null }] }]);
    expect(doc.rootFeeds.map((feed) => feed.url)).toEqual(['https://root.example.com/feed']);
    expect(doc.repeats).toEqual([
      { url: 'https://blog.example.com/feed', keptIn: 'Tech' },
      { url: 'https://root.example.com/feed', keptIn: null },
    ]);
  });

  it('takes an outline without any address for a folder, never a feed', () => {
    const doc = parseOpml(`<opml version="2.0"><body>
      <outline text="No address" type="rss"/>
      <outline text="Empty address" type="rss" xmlUrl="  " htmlUrl="https://site.example.com/"/>
      <outline text="Folder"><outline text="Nested, no address"/><outline text="Feed" xmlUrl="https://f.example.com/"/></outline>
    </body></opml>`);
    expect(doc.rootFeeds).toEqual([]);
    expect(doc.folders).toEqual([{ name: 'Folder', feeds: [{ url: 'https://f.example.com/', title: 'Feed', siteUrl: null }] }]);
    expect(doc.repeats).toEqual([]);
  });

  it('refuses broken XML, non-OPML and hostile entity declarations with clear messages', () => {
    expect(() => parseOpml(fixture('opml-broken.opml'))).toThrow(/not valid XML/);
    expect(() => parseOpml('<rss version="2.0"><channel/></rss>')).toThrow(new OpmlError('This is not an OPML file'));
    expect(() => parseOpml('just text')).toThrow(OpmlError);
    expect(() => parseOpml(fixture('opml-xxe.opml'))).toThrow(/declares XML entities/);
    const started = performance.now();
    expect(() => parseOpml(fixture('opml-billion-laughs.opml'))).toThrow(/declares XML entities/);
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('refuses files over 1 MB and over the feed count cap', () => {
    const huge = `<opml version="2.0"><body>${'<outline text="padding"/>'.repeat(50_000)}</body></opml>`;
    expect(() => parseOpml(huge)).toThrow(/too large/);
    const many = Array.from({ length: OPML_MAX_FEEDS + 1 }, (_, i) => `<outline xmlUrl="https://f${i}.example.com/"/>`).join('');
    expect(() => parseOpml(`<opml version="2.0"><body>${many}</body></opml>`)).toThrow(/more than 1000 feeds/);
    const enough = Array.from({ length: OPML_MAX_FEEDS }, (_, i) => `<outline xmlUrl="https://f${i}.example.com/"/>`).join('');
    expect(parseOpml(`<opml version="2.0"><body>${enough}</body></opml>`).rootFeeds).toHaveLength(OPML_MAX_FEEDS);
  });
});

describe('exportOpml', () => {
  it('writes OPML 2.0 with escaped text that parses back to the same subscriptions', () => {
    const doc = {
      title: 'Ann\'s "feeds" <&>',
      dateCreated: new Date('2024-01-01T00:00:00Z'),
      folders: [
        {
          name: 'Tech & <Science>',
          feeds: [{ url: 'https://a.example.com/feed?x=1&y=2', title: 'A "quoted" <title>', siteUrl: 'https://a.example.com/' }],
        },
      ],
      rootFeeds: [{ url: 'https://b.example.com/rss', title: 'Line\nbreak', siteUrl: null }],
    };
    const xml = exportOpml(doc);
    expect(xml).toContain('<opml version="2.0">');
    expect(xml).toContain('<dateCreated>Mon, 01 Jan 2024 00:00:00 GMT</dateCreated>');
    expect(xml).toContain('xmlUrl="https://a.example.com/feed?x=1&amp;y=2"');
    expect(xml).toContain('<title>Ann&apos;s &quot;feeds&quot; &lt;&amp;&gt;</title>');
    const back = parseOpml(xml);
    expect(back.title).toBe(doc.title);
    expect(back.folders).toEqual(doc.folders);
    expect(back.rootFeeds).toEqual(doc.rootFeeds);
  });
});
