import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { articleGuids, normaliseFeed, parseFeedDate, truncateText } from './normalise.ts';
import { parseFeed } from './parse.ts';

const NOW = new Date('2024-03-01T12:00:00Z');
const FETCH_URL = 'https://fetched.example.com/path/feed';
const load = (name: string, contentType: string | null = null) =>
  normaliseFeed(parseFeed(readFileSync(new URL(`./testdata/${name}`, import.meta.url)), contentType), { fetchUrl: FETCH_URL, now: NOW });

describe('normaliseFeed URLs', () => {
  it('resolves Atom links, content and images against nested xml:base', () => {
    const feed = load('atom1-xml-base.xml');
    expect(feed.siteUrl).toBe('https://blog.example.org/');
    const [first, second] = feed.articles;
    expect(first?.url).toBe('https://blog.example.org/2024/03/relative-post.html');
    expect(first?.content).toContain('href="https://blog.example.org/2024/03/other.html"');
    expect(first?.imageUrl).toBe('https://blog.example.org/2024/03/img/pic.png');
    expect(second?.url).toBe('https://blog.example.org/posts/xhtml');
    expect(second?.imageUrl).toBe('https://blog.example.org/thumbs/xhtml.jpg');
  });

  it('resolves RSS relative URLs against the feed link, including srcset and media thumbnails', () => {
    const [first, second] = load('rss2-relative-urls.xml').articles;
    expect(first?.url).toBe('https://relative.example.com/blog/posts/relative');
    expect(first?.imageUrl).toBe('https://relative.example.com/blog/thumbs/relative.jpg');
    expect(first?.content).toContain(
      'srcset="https://relative.example.com/blog/img/a-2x.png 2x, https://relative.example.com/img/a-3x.png 3x"',
    );
    expect(first?.content).toContain('href="https://cdn.example.net/x"');
    expect(second?.url).toBe('https://relative.example.com/absolute-path');
    expect(second?.imageUrl).toBe('https://relative.example.com/first-real.jpg'); // the javascript: image is skipped
  });

  it('falls back to the fetch URL when the feed has no link', () => {
    const xml = '<rss version="2.0"><channel><title>t</title><item><guid>1</guid><link>item</link></item></channel></rss>';
    const feed = normaliseFeed(parseFeed(Buffer.from(xml), null), { fetchUrl: FETCH_URL, now: NOW });
    expect(feed.articles[0]?.url).toBe('https://fetched.example.com/path/item');
  });

  it('never lets a link inherit the user-info or query of the address the feed was fetched from', () => {
    const xml = `<rss version="2.0"><channel><title>t</title>
      <item><guid>1</guid><link>#top</link><description><![CDATA[<a href="">x</a><img src="cover.jpg">]]></description>
        <enclosure url="ep.mp3" type="audio/mpeg" length="1"/></item>
      <item><guid>2</guid><link></link><comments>/c</comments></item></channel></rss>`;
    const fetchUrl = 'https://reader:s3cret@fetched.example.com/path/feed?token=abc#x';
    const feed = normaliseFeed(parseFeed(Buffer.from(xml), null), { fetchUrl, now: NOW });
    expect(JSON.stringify(feed)).not.toMatch(/s3cret|reader|token=abc/);
    expect(feed.articles[0]?.url).toBe('https://fetched.example.com/path/feed#top');
    expect(feed.articles[0]?.enclosures[0]?.url).toBe('https://fetched.example.com/path/ep.mp3');
  });
});

describe('normaliseFeed original links and permalinks', () => {
  it("keeps a FeedBurner item's origLink resolved and checked like its link, and never a guid that is not a permalink", () => {
    const articles = load('rss2-feedburner.xml').articles;
    expect(articles.map((article) => [article.url, article.originalUrl, article.guid, article.guidIsPermaLink])).toEqual([
      [
        'https://feedproxy.google.com/~r/GardenNotes/~3/Xy1AbC2dEf3/',
        'https://gardennotes.example.com/2026/05/tomatoes/?utm_source=feedburner&utm_medium=feed',
        'https://gardennotes.example.com/?p=101',
        false,
      ],
      [
        'https://feedproxy.google.com/~r/GardenNotes/~3/Qw9ErT8yUi7/',
        'https://gardennotes.example.com/2026/05/sweet-peas/',
        'https://gardennotes.example.com/2026/05/sweet-peas/',
        true,
      ],
      ['https://feedproxy.google.com/~r/GardenNotes/~3/Zx7CvB6nMa5/', null, 'gardennotes-99', false],
      ['https://feedproxy.google.com/~r/GardenNotes/~3/Lk4JhG3fDs2/', null, 'gardennotes-98', false],
    ]);
  });

  it('says a guid is a permalink only when it is the feed’s own, not one made from the link or the content', () => {
    const xml = `<rss version="2.0"><channel><title>t</title><link>https://example.com/</link>
      <item><guid>https://example.com/a</guid><title>a</title></item>
      <item><link>https://example.com/b</link><title>b</title></item>
      <item><guid>${'x'.repeat(600)}</guid><title>c</title></item></channel></rss>`;
    const [own, fromLink, hashed] = normaliseFeed(parseFeed(Buffer.from(xml), null), { fetchUrl: FETCH_URL, now: NOW }).articles;
    expect(own).toMatchObject({ guid: 'https://example.com/a', guidIsPermaLink: true });
    expect(fromLink).toMatchObject({ guid: 'https://example.com/b', guidIsPermaLink: false });
    expect(hashed).toMatchObject({ guid: expect.stringMatching(/^sha256:/), guidIsPermaLink: false });
    expect(load('atom1-xml-base.xml').articles.every((article) => !article.guidIsPermaLink && article.originalUrl === null)).toBe(true);
  });
});

describe('normaliseFeed stored guids', () => {
  it('names the guids first, then leaves out the articles the feed already has', () => {
    const parsed = parseFeed(readFileSync(new URL('./testdata/rss2-missing-guids.xml', import.meta.url)), null);
    const guids = articleGuids(parsed, { fetchUrl: FETCH_URL });
    const all = normaliseFeed(parsed, { fetchUrl: FETCH_URL, now: NOW });
    expect(all.articles.map((article) => article.guid)).toEqual(guids);
    const rest = normaliseFeed(parsed, { fetchUrl: FETCH_URL, now: NOW, storedGuids: new Set(guids.slice(1)) });
    expect(rest.articles).toEqual(all.articles.slice(0, 1));
    expect(rest.title).toBe(all.title);
  });
});

describe('normaliseFeed fields', () => {
  it('builds articles from RSS 2.0 with images from media:content, then image enclosures', () => {
    const [first, second, third] = load('rss2-full.xml').articles;
    expect(first).toMatchObject({
      guid: 'tag:example.com,2024:post-1',
      url: 'https://example.com/posts/1',
      title: 'First post with media',
      author: 'Ada Lovelace',
      excerpt: 'Short summary of the first post.',
      imageUrl: 'https://cdn.example.com/photo-large.jpg',
      publishedAt: new Date('2024-01-02T15:04:05Z'),
    });
    expect(first?.content).toContain('<img src="https://example.com/images/inline.png" alt="inline" loading="lazy" />');
    expect(second).toMatchObject({ author: 'Bob Builder', imageUrl: null, excerpt: 'Listen to episode 2.' });
    expect(third?.imageUrl).toBe('https://cdn.example.com/cover-3.png');
  });

  it('gives plain-text feed and item titles, keeping Atom text titles literal', () => {
    const feed = load('atom1-xml-base.xml');
    expect(feed.title).toBe('Example Atom Blog');
    expect(feed.description).toBe('Notes on & about things');
    expect(feed.articles.map((a) => a.title)).toEqual(['Relative links & HTML content', 'An XHTML title', 'Plain text content']);
    expect(feed.articles[0]?.author).toBe('Grace <Hopper>');
    expect(feed.articles[2]?.content).toBe('<p>Text content with &lt;b&gt;angle brackets&lt;/b&gt; shown literally.</p>');
    // RSS titles are HTML (RSS Best Practices: entity-encoded markup), so an escaped tag is a tag and goes.
    expect(load('rss2-html-entities.xml').articles[0]?.title).toBe('Résumé – “quoted” &');
  });

  it('reads JSON Feeds: content_text is escaped, authors are joined', () => {
    const [a, b] = load('jsonfeed11.json').articles;
    expect(a).toMatchObject({ author: 'Alice, Bob', imageUrl: 'https://json11.example.com/banner-a.jpg' });
    expect(a?.content).toContain('src="https://json11.example.com/img/a.png"');
    expect(b).toMatchObject({ guid: '42', url: 'https://elsewhere.example.net/b', content: '<p>Text body.</p>' });
    expect(load('jsonfeed10.json').articles[1]?.title).toBe('Plain text only item.');
  });

  it('cuts the excerpt at a word boundary near 200 characters with an ellipsis', () => {
    const text = 'word '.repeat(100).trim();
    const excerpt = truncateText(text, 200);
    expect(excerpt.endsWith('word…')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(201);
    expect(truncateText('short', 200)).toBe('short');
  });

  it('returns no articles for an empty feed and names a title-less feed after its site', () => {
    expect(load('rss2-empty.xml')).toMatchObject({ title: 'An empty feed', articles: [] });
    const untitled = normaliseFeed(
      parseFeed(Buffer.from('<rss version="2.0"><channel><link>https://site.example/</link></channel></rss>'), null),
      { fetchUrl: FETCH_URL, now: NOW },
    );
    expect(untitled.title).toBe('site.example');
  });
});

describe('normaliseFeed identity', () => {
  it('uses the link when there is no guid, and a content hash when there is neither', () => {
    const [byLink, byHash, untitled] = load('rss2-missing-guids.xml').articles;
    expect(byLink?.guid).toBe('https://noguid.example.com/posts/with-link');
    expect(byHash?.guid).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(untitled?.guid).not.toBe(byHash?.guid);
    expect(untitled?.title).toBe('An untitled note whose text becomes the title because the feed gave it none at…');
  });

  it('gives the same guids when the same feed is parsed again later', () => {
    const first = load('rss2-missing-guids.xml').articles.map((a) => a.guid);
    const later = normaliseFeed(parseFeed(readFileSync(new URL('./testdata/rss2-missing-guids.xml', import.meta.url)), null), {
      fetchUrl: FETCH_URL,
      now: new Date('2025-01-01T00:00:00Z'),
    }).articles.map((a) => a.guid);
    expect(later).toEqual(first);
  });

  it('keeps only the first of two items with the same guid', () => {
    const xml =
      '<rss version="2.0"><channel><item><guid>same</guid><title>one</title></item><item><guid>same</guid><title>two</title></item></channel></rss>';
    const feed = normaliseFeed(parseFeed(Buffer.from(xml), null), { fetchUrl: FETCH_URL, now: NOW });
    expect(feed.articles.map((a) => a.title)).toEqual(['one']);
  });
});

describe('dates', () => {
  it('reads RFC 822, ISO 8601 and broken forms from a feed; garbage and empty dates become now', () => {
    const byGuid = Object.fromEntries(load('rss2-broken-dates.xml').articles.map((a) => [a.guid, a]));
    const instant = '2002-10-02T13:00:00.000Z';
    for (const guid of [
      'rfc822',
      'rfc822-offset',
      'named-zone-est',
      'named-zone-pdt',
      'two-digit-year',
      'no-weekday',
      'wrong-weekday',
      'iso8601',
      'iso8601-no-zone',
      'iso8601-space',
      'rfc822-no-zone',
      'full-month-name',
    ]) {
      expect(byGuid[guid]?.publishedAt.toISOString(), guid).toBe(instant);
      expect(byGuid[guid]?.dated).toBe(true);
    }
    for (const guid of ['garbage', 'empty']) {
      expect(byGuid[guid]).toMatchObject({ publishedAt: NOW, dated: false });
    }
  });

  it('clamps dates more than a day ahead to now and keeps small clock skew', () => {
    const [far, near] = load('rss2-future-dates.xml').articles;
    expect(far?.publishedAt).toEqual(NOW);
    expect(near?.publishedAt).toEqual(new Date('2024-03-02T00:00:00Z'));
  });

  it('uses dc:date when there is no pubDate, and now when there is no date at all', () => {
    const [undated, dcDated] = load('rss2-missing-dates.xml').articles;
    expect(undated).toMatchObject({ publishedAt: NOW, dated: false });
    expect(dcDated?.publishedAt).toEqual(new Date('2024-02-01T00:00:00Z'));
  });

  it('parses two-digit years per RFC 2822 and numeric offsets with a colon', () => {
    expect(parseFeedDate('01 Jan 99 00:00:00 GMT')?.toISOString()).toBe('1999-01-01T00:00:00.000Z');
    expect(parseFeedDate('2024-01-01T00:00:00+05:30')?.toISOString()).toBe('2023-12-31T18:30:00.000Z');
    expect(parseFeedDate('not a date')).toBeNull();
  });
});
