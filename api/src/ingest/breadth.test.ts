// The feeds the real web serves, each a fixture in testdata/ named for what it tests, through the whole pipeline:
// fetched from a local server with the headers given, decoded, parsed and normalised (loadFeed).
import { describe, expect, it } from 'vitest';
import { startFeedServer } from '../../test/feedServer.ts';
import { loadFeed } from './loadFeed.ts';
import type { NormalisedFeed } from './normalise.ts';
import { FeedParseError } from './parse.ts';

const server = await startFeedServer();
const policy = { userAgent: 'Tidings-test', allowPrivateHosts: true };

async function load(name: string, headers: { type?: string; location?: string } = {}): Promise<NormalisedFeed> {
  const query = new URLSearchParams(Object.entries(headers).filter(([, value]) => value !== undefined) as [string, string][]);
  const { feed } = await loadFeed(policy, server.url(`/fixtures/${name}?${query}`));
  if (!feed) throw new Error(`${name} gave no feed`);
  return feed;
}

describe('encodings', () => {
  it.each([
    ['rss2-utf-16le-bom.xml', 'application/rss+xml'],
    ['rss2-utf-16be-bom.xml', 'application/rss+xml'],
    ['rss2-utf-16le-no-bom-declared.xml', 'application/xml'],
    ['rss2-utf-16be-no-bom-undeclared.xml', 'application/xml'],
    ['rss2-utf-32le-bom.xml', 'application/xml'],
    ['rss2-utf-32be-bom.xml', 'application/xml'],
    ['rss2-utf-32le-no-bom-declared.xml', 'application/xml'],
    ['rss2-utf-32be-no-bom-undeclared.xml', 'application/xml'],
    // RFC 7303 §8.1: the charset of the HTTP header wins over the encoding the XML declaration names.
    ['rss2-http-charset-wins-over-xml-declaration.xml', 'application/rss+xml; charset=windows-1252'],
  ])('reads %s (%s)', async (name, type) => {
    const feed = await load(name, { type });
    expect(feed.title).toBe('Ünïcödé feed — “quotes” €');
    expect(feed.articles[0]).toMatchObject({ title: 'Grüße aus Köln – naïve café', excerpt: 'Déjà vu ½ price' });
  });

  it.each(['text/plain', 'application/octet-stream', 'text/xml; charset=utf-8', 'application/xml-dtd'])(
    'reads a feed served as %s',
    async (type) => {
      const feed = await load('rss2-full.xml', { type });
      expect(feed.articles).toHaveLength(3);
    },
  );
});

describe('minimal feeds', () => {
  it('titles a channel without title or link by the host it was fetched from', async () => {
    expect((await load('rss2-channel-without-title-or-link.xml')).title).toBe('127.0.0.1');
  });

  it('titles a feed without a title by its site’s host', async () => {
    expect((await load('atom1-feed-without-title.xml')).title).toBe('notitle.example.net');
  });

  it('titles an item without a title by the first words of its text', async () => {
    const [article] = (await load('rss2-items-without-title.xml')).articles;
    expect(article?.title).toBe('Walked along the river this morning and counted eleven herons, which must be a…');
  });

  it('links an item without a link to its guid when the guid is a permalink', async () => {
    const urls = (await load('rss2-items-without-link-permalink-guid.xml')).articles.map((a) => a.url);
    expect(urls).toEqual(['https://permalink.example.org/posts/1', 'https://permalink.example.org/posts/2', null, null]);
  });

  it.each([
    ['rss2-content-only-in-xhtml-body.xml', '<p>Body with <a href="https://xhtml.example.org/linked"'],
    ['rss2-content-only-in-content-encoded.xml', '<p>Only in <em>content:encoded</em>.</p>'],
    ['rss2-content-only-in-media-description.xml', '<p>Only in <b>media:description</b>.</p>'],
    ['atom1-content-only-in-summary.xml', '<p>Only in the <i>summary</i>.</p>'],
  ])('reads the content of %s', async (name, content) => {
    expect((await load(name)).articles[0]?.content).toContain(content);
  });

  it('reads an XHTML body in the default namespace too', async () => {
    expect((await load('rss2-content-only-in-xhtml-body.xml')).articles[1]?.content).toContain('<p>Second <strong>body</strong>.</p>');
  });
});

describe('elements', () => {
  it('reads dc:title, dc:creator and dc:date', async () => {
    const feed = await load('rss2-dublin-core.xml');
    expect(feed.title).toBe('Dublin Core channel');
    expect(feed.articles[0]).toMatchObject({
      title: 'Dublin Core item',
      author: 'Ada Lovelace',
      publishedAt: new Date('2024-03-04T04:06:07Z'),
    });
  });

  it('reads media:title and media:content / media:thumbnail images', async () => {
    const [first, second] = (await load('rss2-media-rss.xml')).articles;
    expect(first).toMatchObject({ title: 'Title from media:title', imageUrl: 'https://media.example.org/full.jpg' });
    expect(second?.imageUrl).toBe('https://media.example.org/thumb.jpg');
  });

  it('reads itunes:title, image, summary and duration', async () => {
    const feed = await load('rss2-itunes.xml');
    expect(feed.title).toBe('Podcast titled by iTunes');
    expect(feed.articles[0]).toMatchObject({
      title: 'Episode titled by iTunes',
      excerpt: 'Summary from itunes:summary.',
      imageUrl: 'https://podcast.example.org/episode-1.jpg',
      enclosures: [{ url: 'https://podcast.example.org/episode-1.mp3', durationSeconds: 3723 }],
    });
  });

  it('reads atom:link rel=alternate as the links and rel=enclosure as an attachment, never rel=self', async () => {
    const feed = await load('rss2-atom-links.xml');
    expect(feed.siteUrl).toBe('https://atomlinks.example.org/');
    expect(feed.articles[0]).toMatchObject({
      url: 'https://atomlinks.example.org/posts/1',
      enclosures: [{ url: 'https://atomlinks.example.org/posts/1.ogg', type: 'audio/ogg', length: 999 }],
    });
  });

  it.each([
    ['rss090.xml', 'Mozilla Dot Org'],
    ['rss091.xml', 'WriteTheWeb'],
    ['rss092.xml', 'Dave Winer: Grateful Dead'],
    ['rss1-rdf.xml', 'XML.com'],
    ['atom03.xml', 'dive into mark'],
    ['rss1-prefixed-elements.xml', 'Prefixed RSS 1.0'],
    ['atom1-prefixed-elements.xml', 'Prefixed Atom'],
  ])('reads %s', async (name, title) => {
    const feed = await load(name);
    expect(feed.title).toBe(title);
    expect(feed.articles.length).toBeGreaterThan(0);
    expect(feed.articles.every((article) => article.title !== '')).toBe(true);
  });

  it('reads prefixed elements as their namespace says', async () => {
    expect((await load('rss1-prefixed-elements.xml')).articles[0]).toMatchObject({ url: 'https://prefixed.example.org/1' });
    expect((await load('atom1-prefixed-elements.xml')).articles[0]).toMatchObject({
      url: 'https://prefixed-atom.example.org/1',
      content: '<p>Prefixed content</p>',
    });
  });

  it('applies xml:base on the feed, the entry and each element', async () => {
    const feed = await load('atom1-xml-base-on-elements.xml');
    expect(feed.siteUrl).toBe('https://base.example.org/root/site/');
    const [entry] = feed.articles;
    expect(entry?.url).toBe('https://base.example.org/root/entries/links/post.html');
    expect(entry?.content).toContain('href="https://cdn.example.net/content/page.html"');
    expect(entry?.content).toContain('src="https://cdn.example.net/content/pic.png"');
  });

  it('takes Content-Location as the document’s base', async () => {
    const feed = await load('rss2-content-location-base.xml', { location: 'https://moved.example.org/blog/feed.xml' });
    expect(feed.articles[0]?.url).toBe('https://moved.example.org/blog/posts/1');
    expect(feed.articles[0]?.content).toContain('src="https://moved.example.org/blog/img/a.png"');
  });
});

describe('lenience', () => {
  it('keeps HTML entities that XML does not declare', async () => {
    expect((await load('rss2-html-entities.xml')).title).toBe('Café Society — Notes');
  });

  it('gives a broken document the lenient pass', async () => {
    expect((await load('rss2-unclosed-tags.xml')).articles.map((a) => a.guid)).toEqual(['broken-1', 'broken-2']);
  });

  it('refuses a document that is not a feed', async () => {
    await expect(load('not-a-feed.html', { type: 'text/html' })).rejects.toThrow(FeedParseError);
  });
});
