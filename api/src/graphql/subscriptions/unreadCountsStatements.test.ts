import { waitFor as waitUntil } from '../../../test/socialFixtures.ts';
import { createClient, type Client } from 'graphql-ws';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { follow, newFeed, newFolder, newReader, publish, timeline } from '../../../test/articleFixtures.ts';
import { startCountingServer } from '../../../test/statementLog.ts';

/** The statements' counts can take a moment on a busy machine: ten seconds. */
const waitFor = (condition: () => boolean, timeoutMs = 10_000) => waitUntil(condition, timeoutMs);

// What one unread-count event costs the database, counted at the pg driver: the counts are read once when the
// change is announced and travel in the event, so the statements do not grow with the user's open connections.

const server = await startCountingServer();
const { services, log, graphql } = server;
const wsUrl = `${server.url.replace(/^http/, 'ws')}/graphql`;
const T0 = new Date('2025-09-01T06:00:00.000Z');
const gid = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');

const SUBSCRIPTION =
  'subscription { unreadCountsChanged { subscriptions { subscriptionId unreadCount } folders { folderId unreadCount } } }';
const MARK_READ = 'mutation($id: ID!) { markArticleRead(id: $id) { __typename ... on Article { isRead } } }';

type Counts = { subscriptions: { subscriptionId: string; unreadCount: number }[]; folders: { folderId: string; unreadCount: number }[] };

const clients: Client[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.dispose()));
});

/** `count` sockets of one user, each subscribed; `latest` holds each one's last event. */
async function openTabs(token: string, count: number) {
  const latest: (Counts | undefined)[] = Array.from({ length: count }, () => undefined);
  const errors: unknown[] = [];
  await Promise.all(
    latest.map(
      (_, index) =>
        new Promise<void>((resolve) => {
          const client = createClient({
            url: wsUrl,
            webSocketImpl: WebSocket,
            connectionParams: { authorization: `Bearer ${token}` },
            retryAttempts: 0,
            on: { connected: () => resolve() },
            lazy: false,
          });
          clients.push(client);
          client.subscribe<{ unreadCountsChanged: Counts }>(
            { query: SUBSCRIPTION },
            {
              next: (value) => (value.errors ? errors.push(value.errors) : (latest[index] = value.data!.unreadCountsChanged)),
              error: (error) => errors.push(error),
              complete: () => {},
            },
          );
        }),
    ),
  );
  return { latest, errors };
}

/** A reader with `sockets` open tabs and a feed of 5 unread articles in a folder. */
async function readerWithTabs(sockets: number) {
  const reader = await newReader(services);
  const folder = await newFolder(services, reader.id);
  const feed = await newFeed(services);
  const articles = await publish(services, feed.id, timeline(5, { newest: T0 }));
  const subscription = await follow(services, reader.id, feed.id, { folderId: folder.id });
  const tabs = await openTabs(reader.token, sockets);
  const heard = (unread: number) => tabs.latest.every((counts) => counts?.subscriptions[0]?.unreadCount === unread);
  // The server registers each subscription a moment after its socket connected: read until every tab hears.
  let unread = 5;
  for (const article of articles.slice(0, 3)) {
    await graphql(MARK_READ, { id: gid('Article', article.id) }, reader.token);
    unread -= 1;
    if (await waitFor(() => heard(unread), 2000)) break;
  }
  expect(heard(unread)).toBe(true);
  return { reader, tabs, folder, subscription, next: articles.find((_, i) => i === 5 - unread)!, unread, heard };
}

/** The statements one read costs, from the request to every tab holding the new counts. */
async function statementsOfOneRead(sockets: number) {
  const { reader, tabs, folder, subscription, next, unread, heard } = await readerWithTabs(sockets);
  const { statements } = await log.during(async () => {
    const { body } = await graphql(MARK_READ, { id: gid('Article', next.id) }, reader.token);
    expect(body.data.markArticleRead.isRead).toBe(true);
    expect(await waitFor(() => heard(unread - 1))).toBe(true);
  });
  expect(tabs.errors).toEqual([]);
  expect(tabs.latest.every((counts) => counts!.folders[0]!.folderId === gid('Folder', folder.id))).toBe(true);
  expect(tabs.latest.every((counts) => counts!.subscriptions[0]!.subscriptionId === gid('FeedSubscription', subscription.id))).toBe(true);
  return statements;
}

describe('statements of an unread-count event', () => {
  it('are the same with 2 and with 20 open tabs: the counts read once, the open sessions checked in one statement', async () => {
    const two = await statementsOfOneRead(2);
    const twenty = await statementsOfOneRead(20);
    expect(twenty).toHaveLength(two.length);
    // The request's session, the read, the counts, the article's view and the tabs' sessions.
    expect(twenty).toHaveLength(5);
    expect(twenty.filter((sql) => /FROM "FeedUnreadCount"|JOIN "FeedUnreadCount"/.test(sql))).toHaveLength(1);
    expect(twenty.filter((sql) => /FROM "public"\."Session"/.test(sql))).toHaveLength(1);
  });
});
