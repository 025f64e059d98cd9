import { createClient, type Client } from 'graphql-ws';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { follow, newFeed, newReader, publish, timeline } from '../../../test/articleFixtures.ts';
import { startFeedServer } from '../../../test/feedServer.ts';
import { startTestServer } from '../../../test/server.ts';
import { refreshFeed } from '../../domain/feeds/refreshFeed.ts';

/** unreadCountsChanged through a real graphql-ws client on the listening server. */
const server = await startTestServer({ FEED_ALLOW_PRIVATE_HOSTS: 'true' });
const feedSite = await startFeedServer();
const { services, graphql } = server;
const wsUrl = `${server.url.replace(/^http/, 'ws')}/graphql`;
const T0 = new Date('2025-09-01T06:00:00.000Z');

const SUBSCRIPTION = 'subscription { unreadCountsChanged { subscriptions { id unreadCount } folders { id unreadCount } } }';
const MARK_READ = 'mutation($id: ID!) { markArticleRead(id: $id) { __typename } }';
const MARK_ALL = 'mutation { markAllArticlesRead { __typename } }';

type Counts = { subscriptions: { id: string; unreadCount: number }[]; folders: { id: string; unreadCount: number }[] };

const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.dispose()));
});

function listen(token: string) {
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
    { query: SUBSCRIPTION },
    {
      next: (value) => (value.errors ? errors.push(value.errors) : received.push(value.data!.unreadCountsChanged)),
      error: (e) => errors.push(e),
      complete: () => {},
    },
  );
  return { received, errors };
}

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<boolean> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

const articleGid = (id: string) => Buffer.from(`Article:${id}`).toString('base64');

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

    // A refresh that finds a new article tells the feed's subscribers.
    const fetched = await services.db.feed.create({ data: { url: feedSite.url('/feed') } });
    await follow(services, ada.id, fetched.id);
    expect(await refreshFeed(services, fetched.id)).toEqual({ articlesAdded: 1, error: null });
    expect(await waitFor(() => tabs.every((tab) => latest(tab)?.join() === '0,1'))).toBe(true);

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bobTab.received).toEqual([]);
    expect([...tabs, bobTab].flatMap((tab) => tab.errors)).toEqual([]);
  });
});
