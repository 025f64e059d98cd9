import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { follow, newFeed, newFolder, newReader, publish, timeline, unreadIds } from '../../../test/articleFixtures.ts';
import { createTestServices } from '../../../test/services.ts';
import { ConflictError } from '../core/errors.ts';
import { importOpml } from '../subscriptions/opml.ts';
import { refreshFeed } from '../refresh/refreshFeed.ts';
import { subscribe } from '../subscriptions/subscribe.ts';
import { unsubscribe } from '../subscriptions/subscriptions.ts';
import { articleQuery } from './articleQuery.ts';
import { likeArticle, markArticleRead, starArticle } from './articleState.ts';
import { listArticles } from './listArticles.ts';
import { afterCaller } from '../../../test/cleanup.ts';

// The reading list (UnreadArticle rows) must follow articles and subscriptions: every path that adds an
// article or starts or ends a subscription keeps it in step.

const services = await createTestServices({ FEED_ALLOW_PRIVATE_HOSTS: 'true' });
const JAN = new Date('2025-01-15T12:00:00.000Z');

async function listIds(viewer: Awaited<ReturnType<typeof newReader>>['viewer'], input: Record<string, unknown>) {
  const page = await listArticles(services, await articleQuery(services, viewer, input));
  return page.articles.map((article) => article.id);
}

const ids = (articles: { id: string }[]) => articles.map((article) => article.id);

/** An RSS feed served on loopback whose items a test changes between refreshes. */
async function serveRss() {
  let items: { guid: string; title: string; publishedAt: Date }[] = [];
  const server = http.createServer((_request, response) => {
    const body = items
      .map(
        (item) => `<item><title>${item.title}</title><guid>${item.guid}</guid><pubDate>${item.publishedAt.toUTCString()}</pubDate></item>`,
      )
      .join('');
    response.writeHead(200, { 'content-type': 'application/rss+xml' });
    response.end(
      `<?xml version="1.0"?><rss version="2.0"><channel><title>Loopback news</title><link>https://loopback.example.org/</link>${body}</channel></rss>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterCaller(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.xml`,
    setItems(next: typeof items) {
      items = next;
    },
  };
}

describe('new articles', () => {
  it('land unread in the list of every subscriber of their feed, and of no one else', async () => {
    const [ada, bob, carol] = [await newReader(services), await newReader(services), await newReader(services)];
    const feed = await newFeed(services);
    const otherFeed = await newFeed(services);
    await follow(services, ada.id, feed.id);
    await follow(services, bob.id, feed.id);
    await follow(services, carol.id, otherFeed.id);

    const stored = await publish(services, feed.id, timeline(3, { newest: JAN }));

    for (const reader of [ada, bob]) expect(await unreadIds(services, reader.id)).toEqual(new Set(ids(stored)));
    expect(await unreadIds(services, carol.id)).toEqual(new Set());
    const rows = await services.db.unreadArticle.findMany({ where: { userId: ada.id }, orderBy: { publishedAt: 'desc' } });
    expect(rows.map((row) => ({ articleId: row.articleId, feedId: row.feedId, publishedAt: row.publishedAt }))).toEqual(
      stored.map((article) => ({ articleId: article.id, feedId: feed.id, publishedAt: article.publishedAt })),
    );
  });

  it('from a refresh fan out to the subscribers the feed has at that moment', async () => {
    const rss = await serveRss();
    const [ada, bob, carol] = [await newReader(services), await newReader(services), await newReader(services)];
    const feed = await services.db.feed.create({ data: { url: rss.url } });
    await follow(services, ada.id, feed.id);
    rss.setItems([
      { guid: 'one', title: 'First light', publishedAt: new Date('2025-02-01T08:00:00Z') },
      { guid: 'two', title: 'Second wind', publishedAt: new Date('2025-02-02T08:00:00Z') },
    ]);
    expect(await refreshFeed(services, feed.id)).toEqual({ articlesAdded: 2, error: null });
    const [first] = await services.db.article.findMany({ where: { feedId: feed.id, guid: 'one' } });
    await markArticleRead(services, ada.viewer, first!.id);
    await follow(services, bob.id, feed.id);
    await follow(services, carol.id, (await newFeed(services)).id);

    rss.setItems([
      { guid: 'one', title: 'First light', publishedAt: new Date('2025-02-01T08:00:00Z') },
      { guid: 'two', title: 'Second wind', publishedAt: new Date('2025-02-02T08:00:00Z') },
      { guid: 'three', title: 'Third time', publishedAt: new Date('2025-02-03T08:00:00Z') },
    ]);
    expect(await refreshFeed(services, feed.id)).toEqual({ articlesAdded: 1, error: null });

    const titles = async (reader: typeof ada) => {
      const articles = await services.db.article.findMany({
        where: { id: { in: [...(await unreadIds(services, reader.id))] } },
        orderBy: { publishedAt: 'desc' },
      });
      return articles.map((article) => article.title);
    };
    expect(await titles(ada)).toEqual(['Third time', 'Second wind']);
    expect(await titles(bob)).toEqual(['Third time', 'Second wind', 'First light']);
    expect(await titles(carol)).toEqual([]);
  });

  it('are stored once: re-fetching articles the feed already has changes no reading list', async () => {
    const ada = await newReader(services);
    const feed = await newFeed(services);
    await follow(services, ada.id, feed.id);
    const articles = timeline(3, { newest: JAN }).map((article, i) => ({ ...article, guid: `stable-${feed.id}-${i}` }));
    const stored = await publish(services, feed.id, articles);
    await markArticleRead(services, ada.viewer, stored[0]!.id);

    const again = await publish(services, feed.id, articles);

    expect(ids(again)).toEqual(ids(stored));
    expect(await services.db.article.count({ where: { feedId: feed.id } })).toBe(3);
    expect(await unreadIds(services, ada.id)).toEqual(new Set([stored[1]!.id, stored[2]!.id]));
  });
});

describe('starting a subscription', () => {
  it('puts every article the feed already has in the new subscriber’s list, unread', async () => {
    const [ada, bob] = [await newReader(services), await newReader(services)];
    const feed = await newFeed(services);
    await follow(services, ada.id, feed.id);
    const stored = await publish(services, feed.id, timeline(4, { newest: JAN }));
    await markArticleRead(services, ada.viewer, stored[0]!.id);

    const { subscription, articlesAdded } = await subscribe(services, bob.viewer, { url: feed.url });

    expect(articlesAdded).toBe(0);
    expect(subscription.feedId).toBe(feed.id);
    expect(await listIds(bob.viewer, { filter: 'unread' })).toEqual(ids(stored));
    expect(await unreadIds(services, ada.id)).toEqual(new Set(ids(stored.slice(1))));
  });

  it('by OPML import of a feed already stored puts its articles in the list, in the imported folder', async () => {
    const ada = await newReader(services);
    const feed = await newFeed(services, { title: 'Imported weekly' });
    const stored = await publish(services, feed.id, timeline(2, { newest: JAN }));
    const opml = `<?xml version="1.0"?><opml version="2.0"><head><title>mine</title></head><body>
      <outline text="Reading"><outline type="rss" text="Imported weekly" xmlUrl="${feed.url}"/></outline></body></opml>`;

    expect(await importOpml(services, ada.viewer, { filename: 'mine.opml', content: Buffer.from(opml) })).toMatchObject({
      kind: 'done',
      summary: { subscribed: 1, skipped: 0, errors: 0, failures: [] },
    });

    const folder = await services.db.folder.findFirstOrThrow({ where: { userId: ada.id, name: 'Reading' } });
    expect(await listIds(ada.viewer, { filter: 'unread', folderId: folder.id })).toEqual(ids(stored));
  });

  it('refused as a duplicate leaves the list as it was (read articles stay read)', async () => {
    const ada = await newReader(services);
    const feed = await newFeed(services);
    await follow(services, ada.id, feed.id);
    const stored = await publish(services, feed.id, timeline(3, { newest: JAN }));
    await markArticleRead(services, ada.viewer, stored[1]!.id);

    await expect(subscribe(services, ada.viewer, { url: feed.url })).rejects.toThrow(ConflictError);

    expect(await unreadIds(services, ada.id)).toEqual(new Set([stored[0]!.id, stored[2]!.id]));
  });
});

describe('ending a subscription', () => {
  it('takes the feed’s unread articles out of the list and leaves other feeds and other subscribers alone', async () => {
    const [ada, bob] = [await newReader(services), await newReader(services)];
    const leaving = await newFeed(services);
    const staying = await newFeed(services);
    const subscription = await follow(services, ada.id, leaving.id);
    await follow(services, ada.id, staying.id);
    await follow(services, bob.id, leaving.id);
    const gone = await publish(services, leaving.id, timeline(3, { newest: JAN }));
    const kept = await publish(services, staying.id, timeline(2, { newest: JAN, prefix: 'Kept' }));

    await unsubscribe(services, ada.viewer, subscription.id);

    expect(await unreadIds(services, ada.id)).toEqual(new Set(ids(kept)));
    expect(await unreadIds(services, bob.id)).toEqual(new Set(ids(gone)));
    expect(await listIds(ada.viewer, { filter: 'all' })).toEqual(ids(kept));
    expect(await listIds(ada.viewer, { filter: 'all', feedId: leaving.id })).toEqual([]);
  });

  it('keeps the viewer’s likes and stars of the feed’s articles; they stay under liked', async () => {
    const ada = await newReader(services);
    const feed = await newFeed(services);
    const subscription = await follow(services, ada.id, feed.id);
    const stored = await publish(services, feed.id, timeline(3, { newest: JAN }));
    await likeArticle(services, ada.viewer, stored[0]!.id);
    await likeArticle(services, ada.viewer, stored[2]!.id);
    await starArticle(services, ada.viewer, stored[1]!.id);

    await unsubscribe(services, ada.viewer, subscription.id);

    expect(await listIds(ada.viewer, { filter: 'liked' })).toEqual([stored[0]!.id, stored[2]!.id]);
    expect(await listIds(ada.viewer, { filter: 'liked', feedId: feed.id })).toEqual([stored[0]!.id, stored[2]!.id]);
    expect(await services.db.starredArticle.count({ where: { userId: ada.id } })).toBe(1);
  });

  it('and subscribing again brings every article of the feed back unread, read ones included', async () => {
    const ada = await newReader(services);
    const feed = await newFeed(services);
    const subscription = await follow(services, ada.id, feed.id);
    const stored = await publish(services, feed.id, timeline(3, { newest: JAN }));
    await markArticleRead(services, ada.viewer, stored[0]!.id);
    await unsubscribe(services, ada.viewer, subscription.id);
    const meanwhile = await publish(services, feed.id, [{ publishedAt: new Date(JAN.getTime() + 60_000), title: 'While away' }]);

    await subscribe(services, ada.viewer, { url: feed.url });

    expect(await listIds(ada.viewer, { filter: 'unread' })).toEqual([...ids(meanwhile), ...ids(stored)]);
  });

  it('of a feed in a folder empties that folder’s unread list', async () => {
    const ada = await newReader(services);
    const folder = await newFolder(services, ada.id);
    const feed = await newFeed(services);
    const subscription = await follow(services, ada.id, feed.id, { folderId: folder.id });
    await publish(services, feed.id, timeline(2, { newest: JAN }));
    expect(await listIds(ada.viewer, { filter: 'unread', folderId: folder.id })).toHaveLength(2);

    await unsubscribe(services, ada.viewer, subscription.id);

    expect(await listIds(ada.viewer, { filter: 'unread', folderId: folder.id })).toEqual([]);
    expect(await listIds(ada.viewer, { filter: 'all', folderId: folder.id })).toEqual([]);
  });
});
