import RssParser from 'rss-parser';
import { describe, expect, it } from 'vitest';
import { newArticle, newPerson } from '../../../test/socialFixtures.ts';
import { createTestServices } from '../../../test/services.ts';
import { normaliseFeed } from '../../ingest/normalise.ts';
import { parseFeed } from '../../ingest/parse.ts';
import { updateProfile } from '../accounts/accounts.ts';
import { PUBLIC_FEED_ITEMS, publicSharesFeed } from './publicFeed.ts';
import { shareArticle, unshare } from './shares.ts';

// Characters XML 1.0 forbids even escaped (C0 controls but tab, newline and carriage return; U+FFFE, U+FFFF).
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

/** The feed as Tidings' own feed engine reads it: the raw parse and the normalised articles. */
function read(xml: string) {
  const parsed = parseFeed(Buffer.from(xml), 'application/rss+xml; charset=utf-8');
  return { parsed, normalised: normaliseFeed(parsed, { fetchUrl: 'http://tidings.test/api/public/rss', now: new Date() }) };
}

describe('publicSharesFeed', () => {
  it('is an empty, well-formed RSS 2.0 channel before anything is shared publicly', async () => {
    const services = await createTestServices();
    const { xml, etag } = await publicSharesFeed(services);
    expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<rss version="2\.0"/);
    const { parsed, normalised } = read(xml);
    expect(parsed.format).toBe('rss');
    expect(parsed.title?.value).toBe('Tidings: public shares');
    expect(parsed.siteUrl).toBe('http://tidings.test/');
    expect(normalised.articles).toEqual([]);
    expect((await new RssParser().parseString(xml)).items).toEqual([]);
    expect((await publicSharesFeed(services)).etag).toBe(etag);
  });

  describe('with shares', async () => {
    const services = await createTestServices();
    const ada = await newPerson(services, { displayName: 'Ada L.' });
    const bob = await newPerson(services);
    const tides = await newArticle(services, { title: 'Tides', url: 'https://sea.example.org/tides?a=1&b=2' });
    const secret = await newArticle(services, { title: 'Secret plans' });
    const pageless = await newArticle(services, { title: 'No page of its own', url: null });
    const adaShare = await shareArticle(services, ada.viewer, { articleId: tides.id, note: 'Read this', isPublic: true });
    await shareArticle(services, bob.viewer, { articleId: secret.id, note: 'between us', isPublic: false });
    const bobShare = await shareArticle(services, bob.viewer, { articleId: pageless.id, isPublic: true });

    it('has one item per public share, newest first, and no private share', async () => {
      const { xml } = await publicSharesFeed(services);
      const { parsed, normalised } = read(xml);
      expect(parsed.items.map((item) => item.id)).toEqual([`tidings-share-${bobShare.id}`, `tidings-share-${adaShare.id}`]);
      expect(xml).not.toContain('Secret plans');
      expect(xml).not.toContain('between us');
      expect(normalised.articles.map((article) => article.title)).toEqual(['No page of its own', 'Tides']);
    });

    it('gives each item the article’s title and link, the sharer and note, a guid and the share’s date', async () => {
      const { parsed, normalised } = read((await publicSharesFeed(services)).xml);
      const item = parsed.items[1]!;
      expect(item.title?.value).toBe('Tides');
      expect(item.url).toBe('https://sea.example.org/tides?a=1&b=2');
      expect(item.summary?.value).toBe(`Ada L. (@${ada.username}): “Read this”`);
      expect(item.authors).toEqual([`Ada L. (@${ada.username})`]);
      expect(item.id).toBe(`tidings-share-${adaShare.id}`);
      expect(new Date(item.published!).getTime()).toBe(Math.floor(adaShare.createdAt.getTime() / 1000) * 1000);
      expect(normalised.articles[1]).toMatchObject({ url: 'https://sea.example.org/tides?a=1&b=2', guid: `tidings-share-${adaShare.id}` });
      // An article without a page links to its page in Tidings; a share without a note says who shared it.
      expect(parsed.items[0]!.url).toBe(`http://tidings.test/article/${pageless.id}`);
      expect(parsed.items[0]!.summary?.value).toBe(`Shared by @${bob.username}`);
    });

    it('writes titles and names that read as the text both where a reader shows them as text and where it renders HTML, and drops characters XML forbids', async () => {
      const carol = await newPerson(services, { displayName: 'C&C <Carol>' });
      const title = `Fish & Chips &nbsp; <b>"bold"</b> 'n' ]]> Q&A`;
      const tricky = await newArticle(services, { title, url: 'https://x.example.org/?q=<a>&r="1"' });
      const note = `<script>alert("x")</script> & \u0001bell\u0007 form\u000Cfeed\u001F tab\there`;
      const share = await shareArticle(services, carol.viewer, { articleId: tricky.id, note, isPublic: true });
      const { xml } = await publicSharesFeed(services);
      expect(xml).not.toMatch(XML_FORBIDDEN);
      expect(xml).not.toContain('<script>');
      expect(xml).toContain(
        '<title>Fish &amp; Chips &amp;amp;nbsp; &amp;lt;b&gt;&quot;bold&quot;&amp;lt;/b&gt; &apos;n&apos; ]]&gt; Q&amp;A</title>',
      );
      expect(xml).toContain(`<dc:creator>C&amp;C &amp;lt;Carol&gt; (@${carol.username})</dc:creator>`);
      // One XML parse (xml2js in rss-parser, strict about stray '&' and '<'), what a reader showing text shows (newsboat):
      // the text, but an entity's '&' and a '<', still escaped for HTML. The link is an address.
      const strict = await new RssParser().parseString(xml);
      expect(strict.items[0]).toMatchObject({
        title: `Fish & Chips &amp;nbsp; &lt;b>"bold"&lt;/b> 'n' ]]> Q&A`,
        link: 'https://x.example.org/?q=<a>&r="1"',
      });
      // The feed engine reads an RSS title and description as HTML, as readers do: the original text comes back.
      const { parsed, normalised } = read(xml);
      expect(parsed.items[0]!.id).toBe(`tidings-share-${share.id}`);
      expect(normalised.articles[0]).toMatchObject({
        guid: `tidings-share-${share.id}`,
        title,
        excerpt: `C&C <Carol> (@${carol.username}): “<script>alert("x")</script> & bell formfeed tab here”`,
      });
      await unshare(services, carol.viewer, share.id);
    });

    it('keeps its ETag while nothing changes, and changes it when a public share is added, edited or taken back', async () => {
      const etags = [(await publicSharesFeed(services)).etag];
      const last = () => etags.at(-1);
      const next = async () => {
        etags.push((await publicSharesFeed(services)).etag);
        return last();
      };
      expect(await next()).toBe(etags[0]);
      const fresh = await newArticle(services);
      const added = await shareArticle(services, bob.viewer, { articleId: fresh.id, isPublic: true });
      expect(await next()).not.toBe(etags.at(-2));
      await shareArticle(services, bob.viewer, { articleId: fresh.id, note: 'on second thought', isPublic: true });
      expect(await next()).not.toBe(etags.at(-2));
      await shareArticle(services, bob.viewer, { articleId: fresh.id, note: 'on second thought', isPublic: false });
      expect(await next()).not.toBe(etags.at(-2));
      await shareArticle(services, bob.viewer, { articleId: fresh.id, isPublic: true });
      expect(await next()).not.toBe(etags.at(-2));
      await unshare(services, bob.viewer, added.id);
      expect(await next()).not.toBe(etags.at(-2));
      expect(last()).toMatch(/^"[A-Za-z0-9_-]+"$/);
    });

    it('keeps its ETag when only a private share changes', async () => {
      const before = (await publicSharesFeed(services)).etag;
      await shareArticle(services, ada.viewer, { articleId: secret.id, note: 'private', isPublic: false });
      expect((await publicSharesFeed(services)).etag).toBe(before);
    });

    it('changes its ETag when what an item shows changes: the sharer’s name', async () => {
      const before = await publicSharesFeed(services);
      await updateProfile(services, ada.viewer, { displayName: 'Ada Lovelace' });
      const after = await publicSharesFeed(services);
      expect(after.xml).toContain('Ada Lovelace');
      expect(after.etag).not.toBe(before.etag);
    });
  });

  it(`holds the newest ${PUBLIC_FEED_ITEMS} public shares`, async () => {
    const services = await createTestServices();
    const ada = await newPerson(services);
    const article = await newArticle(services);
    const base = Date.now() - 1000 * 60 * 60;
    const others = [];
    for (let i = 0; i < PUBLIC_FEED_ITEMS + 2; i += 1) others.push(await newArticle(services));
    await services.db.share.createMany({
      data: [article, ...others].map((a, i) => ({ userId: ada.id, articleId: a.id, isPublic: true, createdAt: new Date(base + i * 1000) })),
    });
    const { normalised } = read((await publicSharesFeed(services)).xml);
    expect(normalised.articles).toHaveLength(PUBLIC_FEED_ITEMS);
    const newest = await services.db.share.findMany({ orderBy: { createdAt: 'desc' }, take: PUBLIC_FEED_ITEMS, select: { id: true } });
    expect(normalised.articles.map((a) => a.guid)).toEqual(newest.map((share) => `tidings-share-${share.id}`));
  });
});
