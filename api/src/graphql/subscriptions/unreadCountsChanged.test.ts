import { waitFor } from '../../../test/socialFixtures.ts';
import { createClient, type Client } from 'graphql-ws';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { follow, newFeed, newFolder, newReader, publish, timeline } from '../../../test/articleFixtures.ts';
import { startFeedServer } from '../../../test/feedServer.ts';
import { startTestServer } from '../../../test/server.ts';
import { markAllArticlesRead, markArticleUnread } from '../../domain/articles/articleState.ts';
import { refreshFeed } from '../../domain/refresh/refreshFeed.ts';
import { subscribe } from '../../domain/subscriptions/subscribe.ts';
import { unsubscribe } from '../../domain/subscriptions/subscriptions.ts';

/** unreadCountsChanged through a real graphql-ws client on the listening server. */
const server = await startTestServer({ FEED_ALLOW_PRIVATE_HOSTS: 'true' });
const feedSite = await startFeedServer();
const { services, graphql } = server;
const wsUrl = `${server.url.replace(/^http/, 'ws')}/graphql`;
const T0 = new Date('2025-09-01T06:00:00.000Z');

const SUBSCRIPTION =
  'subscription { unreadCountsChanged { subscriptions { subscriptionId unreadCount } folders { folderId unreadCount } } }';
const MARK_READ = 'mutation($id: ID!) { markArticleRead(id: $id) { __typename } }';
const MARK_ALL = 'mutation { markAllArticlesRead { __typename } }';

type Counts = { subscriptions: { subscriptionId: string; unreadCount: number }[]; folders: { folderId: string; unreadCount: number }[] };

const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.dispose()));
});

function listen(token: string, query = SUBSCRIPTION) {
  const client = createClient({
    url: wsUrl,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
  });
  clients.push(client);
  const received: Counts[] = [];
  const errors: unknown[] = [];
  client.subscribe<{ unreadCountsChanged: Counts }>(
    { query },
    {
      next: (value) => (value.errors ? errors.push(value.errors) : received.push(value.data!.unreadCountsChanged)),
      error: (e) => errors.push(e),
      complete: () => {},
    },
  );
  return { received, errors };
}

const gid = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');
const articleGid = (id: string) => gid('Article', id);

describe('subscription unreadCountsChanged', () => {
  it('tells every tab of the user its counts after a read, a mark-all-read and new articles; nothing to another user', async () => {
    const ada = await newReader(services);
    const bob = await newReader(services);
    const feed = await newFeed(services);
    const articles = await publish(services, feed.id, timeline(4, { newest: T0 }));
    await follow(services, ada.id, feed.id);
    await follow(services, bob.id, (await newFeed(services)).id);
    const tabs = [listen(ada.token), listen(ada.token)];
    const bobTab = listen(bob.token);

    // The server registers a subscription a moment after the client sends it: read until both tabs hear it.
    for (const article of articles) {
      await graphql(MARK_READ, { id: articleGid(article.id) }, ada.token);
      if (await waitFor(() => tabs.every((tab) => tab.received.length > 0), 1000)) break;
    }
    // Events of earlier reads may still be on their way: each tab's latest word is the one that counts.
    const latest = (tab: { received: Counts[] }) => tab.received.at(-1)?.subscriptions.map((subscription) => subscription.unreadCount);
    const unread = await services.db.unreadArticle.count({ where: { userId: ada.id } });
    expect(unread).toBeLessThan(articles.length);
    expect(await waitFor(() => tabs.every((tab) => latest(tab)?.[0] === unread))).toBe(true);

    expect((await graphql(MARK_ALL, {}, ada.token)).body.data.markAllArticlesRead.__typename).toBe('MarkAllArticlesReadPayload');
    expect(await waitFor(() => tabs.every((tab) => latest(tab)?.[0] === 0))).toBe(true);

    // A refresh that finds a new article tells the feed's subscribers that feed's count.
    const fetched = await services.db.feed.create({ data: { url: feedSite.url('/feed') } });
    await follow(services, ada.id, fetched.id);
    expect(await refreshFeed(services, fetched.id)).toEqual({ articlesAdded: 1, error: null });
    expect(await waitFor(() => tabs.every((tab) => latest(tab)?.join() === '1'))).toBe(true);

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bobTab.received).toEqual([]);
    expect([...tabs, bobTab].flatMap((tab) => tab.errors)).toEqual([]);
  });

  it('carries exactly the counts that moved: the subscriptions of the changed feeds and the folders holding them, as they are now', async () => {
    const ada = await newReader(services);
    const folder = await newFolder(services, ada.id);
    const [a, b, c] = [await newFeed(services), await newFeed(services), await newFeed(services)];
    const inA = await publish(services, a.id, timeline(3, { newest: T0, prefix: 'A' }));
    await publish(services, b.id, timeline(2, { newest: T0, prefix: 'B' }));
    const inC = await publish(services, c.id, timeline(4, { newest: T0, prefix: 'C' }));
    const subA = await follow(services, ada.id, a.id, { folderId: folder.id });
    const subB = await follow(services, ada.id, b.id, { folderId: folder.id });
    const subC = await follow(services, ada.id, c.id);
    const tab = listen(ada.token);
    const [sa, sb, sc, f] = [
      gid('FeedSubscription', subA.id),
      gid('FeedSubscription', subB.id),
      gid('FeedSubscription', subC.id),
      gid('Folder', folder.id),
    ];

    // The server registers the subscription a moment after the client sends it: unread and read again until it hears.
    for (let attempt = 0; attempt < 50 && tab.received.length === 0; attempt++) {
      await markArticleUnread(services, ada.viewer, inC[3]!.id);
      await graphql(MARK_READ, { id: articleGid(inC[3]!.id) }, ada.token);
      await waitFor(() => tab.received.length > 0, 100);
    }
    expect(await waitFor(() => tab.received.at(-1)?.subscriptions[0]?.unreadCount === 3)).toBe(true);
    const next = async (act: () => Promise<unknown>) => {
      const seen = tab.received.length;
      await act();
      expect(await waitFor(() => tab.received.length > seen)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(tab.received).toHaveLength(seen + 1);
      return tab.received.at(-1)!;
    };

    // A read in a folder's feed: that subscription and its folder, nothing else.
    expect(await next(() => graphql(MARK_READ, { id: articleGid(inA[0]!.id) }, ada.token))).toEqual({
      subscriptions: [{ subscriptionId: sa, unreadCount: 2 }],
      folders: [{ folderId: f, unreadCount: 4 }],
    });
    // A read in a feed at the root: no folder.
    expect(await next(() => graphql(MARK_READ, { id: articleGid(inC[0]!.id) }, ada.token))).toEqual({
      subscriptions: [{ subscriptionId: sc, unreadCount: 2 }],
      folders: [],
    });
    expect(await next(() => markArticleUnread(services, ada.viewer, inA[0]!.id))).toEqual({
      subscriptions: [{ subscriptionId: sa, unreadCount: 3 }],
      folders: [{ folderId: f, unreadCount: 5 }],
    });
    // Marking a folder read: each of its subscriptions and the folder.
    const folderRead = await next(() => markAllArticlesRead(services, ada.viewer, { folderId: folder.id }));
    expect(folderRead.subscriptions).toEqual(
      expect.arrayContaining([
        { subscriptionId: sa, unreadCount: 0 },
        { subscriptionId: sb, unreadCount: 0 },
      ]),
    );
    expect(folderRead.subscriptions).toHaveLength(2);
    expect(folderRead.folders).toEqual([{ folderId: f, unreadCount: 0 }]);
    // Subscribing: the new subscription, with its feed's articles unread.
    const d = await newFeed(services);
    await publish(services, d.id, timeline(2, { newest: T0, prefix: 'D' }));
    const subscribed = await next(() => subscribe(services, ada.viewer, { url: d.url }));
    const subD = await services.db.subscription.findFirstOrThrow({ where: { userId: ada.id, feedId: d.id } });
    expect(subscribed).toEqual({ subscriptions: [{ subscriptionId: gid('FeedSubscription', subD.id), unreadCount: 2 }], folders: [] });
    // Everything read: every subscription and folder.
    const everything = await next(() => markAllArticlesRead(services, ada.viewer, {}));
    expect(everything.subscriptions.map((count) => count.unreadCount)).toEqual([0, 0, 0, 0]);
    expect(everything.subscriptions.map((count) => count.subscriptionId).sort()).toEqual(
      [sa, sb, sc, gid('FeedSubscription', subD.id)].sort(),
    );
    expect(everything.folders).toEqual([{ folderId: f, unreadCount: 0 }]);
    // Leaving a folder's feed: only the folder, whose count is now without it.
    await markArticleUnread(services, ada.viewer, inA[1]!.id);
    await waitFor(() => tab.received.at(-1)?.folders[0]?.unreadCount === 1);
    expect(await next(() => unsubscribe(services, ada.viewer, subA.id))).toEqual({
      subscriptions: [],
      folders: [{ folderId: f, unreadCount: 0 }],
    });
    expect(tab.errors).toEqual([]);
  });

  it('says when new articles arrived, with the feeds they are in: from a refresh, and from subscribing; never for a read', async () => {
    const ARRIVALS =
      'subscription { unreadCountsChanged { subscriptions { subscriptionId feedId unreadCount } arrived { articles subscribed } } }';
    const ada = await newReader(services);
    const known = await newFeed(services);
    const inKnown = await publish(services, known.id, timeline(3, { newest: T0, prefix: 'K' }));
    await follow(services, ada.id, known.id);
    const tab = listen(ada.token, ARRIVALS);
    type Arrivals = Counts & { subscriptions: { feedId: string }[]; arrived: { articles: number; subscribed: boolean } | null };
    const last = () => tab.received.at(-1) as Arrivals | undefined;
    for (let attempt = 0; attempt < 50 && tab.received.length === 0; attempt++) {
      await markArticleUnread(services, ada.viewer, inKnown[0]!.id);
      await graphql(MARK_READ, { id: articleGid(inKnown[0]!.id) }, ada.token);
      await waitFor(() => tab.received.length > 0, 100);
    }
    // A read brings nothing new.
    expect(await waitFor(() => last()?.subscriptions[0]?.unreadCount === 2)).toBe(true);
    expect(last()!.arrived).toBeNull();
    expect(last()!.subscriptions[0]!.feedId).toBe(gid('Feed', known.id));

    // The viewer's own subscription: its feed, and its articles, all new to the reader.
    const other = await newFeed(services);
    await publish(services, other.id, timeline(4, { newest: T0, prefix: 'O' }));
    await subscribe(services, ada.viewer, { url: other.url });
    expect(await waitFor(() => last()?.subscriptions[0]?.feedId === gid('Feed', other.id))).toBe(true);
    expect(last()!.arrived).toEqual({ articles: 4, subscribed: true });

    // A refresh that stores a new article: how many, not by subscribing.
    const fetched = await services.db.feed.create({ data: { url: feedSite.url('/feed?for=arrivals') } });
    await follow(services, ada.id, fetched.id);
    expect(await refreshFeed(services, fetched.id)).toEqual({ articlesAdded: 1, error: null });
    expect(await waitFor(() => last()?.subscriptions[0]?.feedId === gid('Feed', fetched.id))).toBe(true);
    expect(last()!.arrived).toEqual({ articles: 1, subscribed: false });
    // Refreshed again, nothing new: no arrival, and no event at all (no count moved).
    const seen = tab.received.length;
    await refreshFeed(services, fetched.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(tab.received.length).toBe(seen);
    expect(tab.errors).toEqual([]);
  });
});
