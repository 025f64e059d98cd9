import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FeedParseError, parseFeed, stripDoctype } from './parse.ts';

const fixture = (name: string) => readFileSync(new URL(`./testdata/${name}`, import.meta.url));
const parse = (name: string, contentType: string | null = null) => parseFeed(fixture(name), contentType);

describe('parseFeed formats', () => {
  it.each([
    ['rss090.xml', 'rdf', 'Mozilla Dot Org', 2],
    ['rss091.xml', 'rss', 'WriteTheWeb', 2],
    ['rss092.xml', 'rss', 'Dave Winer: Grateful Dead', 2],
    ['rss1-rdf.xml', 'rdf', 'XML.com', 2],
    ['rss2-full.xml', 'rss', 'Example & Co — Blog', 3],
    ['atom03.xml', 'atom', 'dive into mark', 1],
    ['atom1-xml-base.xml', 'atom', 'Example <em>Atom</em> Blog', 3],
    ['jsonfeed10.json', 'json', 'JSON Feed 1.0 example', 2],
    ['jsonfeed11.json', 'json', 'JSON Feed 1.1 example', 2],
  ])('reads %s as %s', (name, format, title, count) => {
    const feed = parse(name);
    expect(feed.format).toBe(format);
    expect(feed.title?.value).toBe(title);
    expect(feed.items).toHaveLength(count);
  });

  it('reads RSS 2.0 guid, content:encoded, dc:creator, media and image enclosures', () => {
    const [first, second, third] = parse('rss2-full.xml').items;
    expect(first).toMatchObject({
      id: 'tag:example.com,2024:post-1',
      authors: ['Ada Lovelace'],
      published: 'Tue, 02 Jan 2024 15:04:05 +0000',
      images: ['https://cdn.example.com/photo-large.jpg', 'https://cdn.example.com/photo-thumb.jpg'],
    });
    expect(first?.content?.value).toContain('<strong>content</strong>');
    expect(first?.summary?.value).toBe('Short summary of the first post.');
    expect(second?.authors).toEqual(['Bob Builder']);
    expect(second?.images).toEqual([]); // an audio enclosure is not an image
    expect(third?.images).toEqual(['https://cdn.example.com/cover-3.png']);
  });

  it("reads each item's feedburner:origLink and whether its guid is a permalink", () => {
    const items = parse('rss2-feedburner.xml').items;
    expect(items.map((item) => [item.url, item.originalUrl, item.idIsPermaLink])).toEqual([
      [
        'https://feedproxy.google.com/~r/GardenNotes/~3/Xy1AbC2dEf3/',
        'https://gardennotes.example.com/2026/05/tomatoes/?utm_source=feedburner&utm_medium=feed',
        false,
      ],
      ['https://feedproxy.google.com/~r/GardenNotes/~3/Qw9ErT8yUi7/', '/2026/05/sweet-peas/', true],
      ['https://feedproxy.google.com/~r/GardenNotes/~3/Zx7CvB6nMa5/', null, false],
      ['https://feedproxy.google.com/~r/GardenNotes/~3/Lk4JhG3fDs2/', 'javascript:alert(1)', false],
    ]);
  });

  it('reads feedburner:origLink under any prefix and in Atom entries, and no other element for it', () => {
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:fb="http://rssnamespace.org/feedburner/ext/1.0"><title>t</title>
      <entry><id>tag:example.com,2026:1</id><link href="https://feedproxy.google.com/~r/x/~3/a/"/><fb:origLink>https://example.com/1</fb:origLink></entry>
      <entry><id>tag:example.com,2026:2</id><link href="https://feedproxy.google.com/~r/x/~3/b/"/></entry></feed>`;
    expect(parseFeed(Buffer.from(atom), null).items.map((item) => [item.originalUrl, item.idIsPermaLink])).toEqual([
      ['https://example.com/1', false],
      [null, false],
    ]);
    const undeclared = `<rss version="2.0"><channel><title>t</title><item><guid>1</guid><feedburner:origLink>https://example.com/1</feedburner:origLink></item></channel></rss>`;
    expect(parseFeed(Buffer.from(undeclared), null).items[0]?.originalUrl).toBeNull();
  });

  it('takes an RSS guid for a permalink unless isPermaLink="false", and no Atom or JSON id', () => {
    expect(parse('rss2-full.xml').items.map((item) => [item.id, item.idIsPermaLink])).toEqual([
      ['tag:example.com,2024:post-1', false],
      ['https://example.com/posts/2', true],
      ['post-3', true],
    ]);
    expect(parse('rss2-missing-guids.xml').items.every((item) => !item.idIsPermaLink)).toBe(true);
    expect(parse('atom1-xml-base.xml').items.some((item) => item.idIsPermaLink)).toBe(false);
    expect(parse('jsonfeed11.json').items.some((item) => item.idIsPermaLink || item.originalUrl !== null)).toBe(false);
  });

  it('reads Atom xml:base, text constructs by type, and Atom 0.3 issued/MIME types', () => {
    const feed = parse('atom1-xml-base.xml');
    expect(feed.base).toBe('https://blog.example.org/');
    expect(feed.siteUrl).toBe('/');
    const [html, xhtml, text] = feed.items;
    expect(html).toMatchObject({ base: '/2024/03/', url: 'relative-post.html', content: { type: 'html' } });
    expect(xhtml?.title).toEqual({ value: 'An <b>XHTML</b> title', type: 'html' });
    expect(text?.content).toEqual({ value: 'Text content with <b>angle brackets</b> shown literally.', type: 'text' });
    const old = parse('atom03.xml').items[0];
    expect(old).toMatchObject({ published: '2003-12-13T08:29:29-04:00', content: { type: 'html' }, summary: { type: 'text' } });
  });

  it('reads JSON Feed 1.0 author and 1.1 authors, numeric ids and external_url', () => {
    expect(parse('jsonfeed10.json').items[0]?.authors).toEqual(['Item Author 1.0']);
    const [a, b] = parse('jsonfeed11.json').items;
    expect(a?.authors).toEqual(['Alice', 'Bob']);
    expect(b).toMatchObject({ id: '42', url: 'https://elsewhere.example.net/b', content: { type: 'text' } });
  });

  it('returns a feed without items for an empty feed', () => {
    expect(parse('rss2-empty.xml')).toMatchObject({ title: { value: 'An empty feed' }, items: [] });
  });

  it('reads a feed root in which nothing is recognised as a feed without items, but refuses a page that holds one', () => {
    expect(parseFeed(Buffer.from('<?xml version="1.0"?>\n<!-- c --><rss version="2.0">\n</rss>'), null)).toMatchObject({
      format: 'rss',
      items: [],
    });
    expect(
      parseFeed(Buffer.from('<feed version="0.3" xmlns="http://purl.org/atom/ns#"><copyright>c</copyright></feed>'), null),
    ).toMatchObject({
      format: 'atom',
      items: [],
    });
    const page = '<html><head><title>Web components</title></head><body><feed><link href="x"/></feed></body></html>';
    expect(() => parseFeed(Buffer.from(page), 'text/html')).toThrow(FeedParseError);
  });

  it('reads a JSON object with items as JSON Feed whatever its version says', () => {
    const feed = parseFeed(Buffer.from('{"version":"1.0","title":"Loose","items":[{"id":"1","content_text":"x"}]}'), null);
    expect(feed).toMatchObject({ format: 'json', title: { value: 'Loose' }, items: [{ id: '1' }] });
  });
});

describe('parseFeed character sets and lenience', () => {
  it.each([
    ['rss2-utf-16le-bom.xml', null],
    ['rss2-utf-16be-bom.xml', null],
    ['rss2-bom-wins-over-declared-charset.xml', 'text/xml; charset=iso-8859-1'],
    ['rss2-windows-1252.xml', 'application/rss+xml; charset=windows-1252'],
    ['rss2-iso-8859-1.xml', null],
  ])('decodes %s', (name, contentType) => {
    const item = parse(name, contentType).items[0];
    expect(item?.title?.value).toMatch(/^Grüße aus Köln [–-] naïve café$/);
    expect(item?.summary?.value).toBe('Déjà vu ½ price');
  });

  it('strips XML-illegal control characters instead of refusing the feed', () => {
    const item = parse('rss2-control-characters.xml').items[0];
    expect(item?.title?.value).toBe('Bell here and verticaltab and formfeed done');
    expect(item?.summary?.value).toBe('Null byte - and escape  in the body.');
  });

  it('decodes HTML named entities that XML does not define', () => {
    const feed = parse('rss2-html-entities.xml');
    expect(feed.title?.value).toBe('Café\u00a0Society — Notes');
    expect(feed.items[0]?.title?.value).toBe('Résumé – “quoted” & <escaped>');
    expect(feed.items[0]?.summary?.value).toContain('10€ — ☃');
  });

  it('recovers the items of a feed with unclosed tags', () => {
    const feed = parse('rss2-unclosed-tags.xml');
    expect(feed.items.map((i) => i.id)).toEqual(['broken-1', 'broken-2']);
    expect(feed.items[0]?.summary?.value).toBe('Unescaped <b>bold & ampersand</b>');
  });

  it('refuses a web page and an empty body with a message for the user', () => {
    expect(() => parse('not-a-feed.html')).toThrow(new FeedParseError('This is not a valid RSS, Atom or JSON feed'));
    expect(() => parseFeed(Buffer.from('  \n'), null)).toThrow(FeedParseError);
    expect(() => parseFeed(Buffer.from('{"not":"a feed"}'), 'application/json')).toThrow(FeedParseError);
  });
});

describe('parseFeed against hostile XML', () => {
  it('never reads external entities (XXE)', () => {
    const feed = parse('xxe-external-entity.xml');
    const all = JSON.stringify(feed);
    expect(all).not.toMatch(/root:|\/bin\/|daemon/);
    expect(feed.items[0]?.title?.value).toBe('Steal &xxe; and &remote;');
  });

  it('does not expand a billion-laughs entity bomb and stays fast', () => {
    const started = performance.now();
    const feed = parse('billion-laughs.xml');
    expect(performance.now() - started).toBeLessThan(500);
    expect(JSON.stringify(feed).length).toBeLessThan(5_000);
    expect(feed.items[0]?.title?.value).toBe('&lol9;');
  });

  it('cuts a DOCTYPE with quoted brackets and keeps the root element', () => {
    expect(stripDoctype('<?xml version="1.0"?>\n<!DOCTYPE x [ <!ENTITY a "]>"> ]><rss/>')).toBe('<?xml version="1.0"?>\n<rss/>');
    expect(stripDoctype('<!DOCTYPE x [ <!ENTITY a "b">')).toBe('');
  });
});
