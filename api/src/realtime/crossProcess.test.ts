import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { follow, newFeed, newFolder, publish, timeline } from '../../test/articleFixtures.ts';
import { createTestDatabase } from '../../test/database.ts';
import { servicesOver, testConfig } from '../../test/services.ts';
import { httpClients } from '../../test/server.ts';
import {
  newArticle,
  newPerson,
  notificationTopic,
  redisAnswers,
  redisInspector,
  subscribeToNotifications,
  TEST_REDIS_URL,
  waitFor,
  type LiveSubscription,
} from '../../test/socialFixtures.ts';
import { createPrisma } from '../db/prisma.ts';
import type { Services } from '../domain/core/services.ts';
import { afterCaller } from '../../test/cleanup.ts';

// Two real API replicas (`node src/main.ts`, as main.test.ts starts it) over one database, WORKER=off: a
// notification caused on replica 1 reaches a subscriber connected to replica 2 through Redis, and only then.

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

/** Starts a replica on a free port and answers its URLs once it is ready; it is stopped after the file's tests. */
async function startReplica(env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'info',
      WORKER: 'off',
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://tidings.test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = once(child, 'exit');
  afterCaller(async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  });
  const deadline = Date.now() + 45_000;
  while (!output.includes('Tidings is ready')) {
    if (child.exitCode !== null) throw new Error(`the replica exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the replica was not ready after 45 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const port = /"msg":"Server listening at http:\/\/127\.0\.0\.1:(\d+)"/.exec(output)?.[1];
  if (!port) throw new Error(`no port in the replica's log:\n${output}`);
  const url = `http://127.0.0.1:${port}`;
  return { url, wsUrl: `ws://127.0.0.1:${port}/graphql`, output: () => output, ...httpClients(url) };
}

/** Services of the test itself over the replicas' database, for fixtures (people, articles). */
function fixtureServices(databaseUrl: string): Services {
  const config = testConfig();
  const db = createPrisma(databaseUrl, 2);
  afterCaller(() => db.$disconnect());
  return servicesOver(config, db);
}

const subscriptions: LiveSubscription[] = [];
afterAll(async () => {
  await Promise.all(subscriptions.map((subscription) => subscription.dispose()));
});
function subscribe(wsUrl: string, token: string): LiveSubscription {
  const live = subscribeToNotifications(wsUrl, token);
  subscriptions.push(live);
  return live;
}

const redisUp = await redisAnswers();

describe.skipIf(!redisUp)('two replicas sharing Redis', async () => {
  const databaseUrl = await createTestDatabase();
  const services = fixtureServices(databaseUrl);
  const [one, two] = await Promise.all([
    startReplica({ DATABASE_URL: databaseUrl, REDIS_URL: TEST_REDIS_URL }),
    startReplica({ DATABASE_URL: databaseUrl, REDIS_URL: TEST_REDIS_URL }),
  ]);
  const inspect = redisInspector();
  // A delivery that never comes says why in the replicas' own logs (a count that could not be read, a dropped socket).
  const logs = () => `replica 1:\n${one.output()}\nreplica 2:\n${two.output()}`;

  it('delivers a mention made through replica 1 to its user subscribed on replica 2, and nothing to another user', async () => {
    const [ada, bob, cy] = [await newPerson(services), await newPerson(services), await newPerson(services)];
    const article = await newArticle(services, { title: 'Across the wire' });
    const bobLive = subscribe(two.wsUrl, bob.token);
    const cyLive = subscribe(two.wsUrl, cy.token);
    // Replica 2 has subscribed to both users' Redis channels: no event can be missed from here on.
    expect(await waitFor(async () => (await inspect.subscribers(notificationTopic(bob.id))) === 1, 10_000)).toBe(true);
    expect(await waitFor(async () => (await inspect.subscribers(notificationTopic(cy.id))) === 1, 10_000)).toBe(true);

    const response = await one.rest('POST', '/comments', {
      token: ada.token,
      body: { articleId: article.id, content: `@${bob.username} over here` },
    });
    expect(response.status).toBe(201);
    expect(await waitFor(() => bobLive.received.length === 1, 10_000), logs()).toBe(true);
    expect(bobLive.received[0]).toMatchObject({
      type: 'comment_mention',
      content: `@${ada.username} mentioned you in a comment on "Across the wire"`,
      fromUser: { username: ada.username },
    });
    const stored = await services.db.notification.findFirstOrThrow({ where: { userId: bob.id, type: 'comment_mention' } });
    expect(bobLive.ids()).toEqual([stored.id]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(bobLive.received).toHaveLength(1);
    expect(cyLive.received).toEqual([]);
    expect(cyLive.errors).toEqual([]);
  }, 40_000);

  it('delivers a follow made through replica 2 to a subscriber on replica 1', async () => {
    const [ada, bob] = [await newPerson(services), await newPerson(services)];
    const bobLive = subscribe(one.wsUrl, bob.token);
    expect(await waitFor(async () => (await inspect.subscribers(notificationTopic(bob.id))) === 1, 10_000)).toBe(true);
    expect(
      (await two.graphql('mutation F($id: ID!) { follow(userId: $id) { __typename } }', { id: encodeGlobalID('User', bob.id) }, ada.token))
        .body.data.follow.__typename,
    ).toBe('User');
    expect(await waitFor(() => bobLive.received.length === 1, 10_000), logs()).toBe(true);
    expect(bobLive.received[0]!.type).toBe('new_follower');
  }, 40_000);

  it('carries the counts a read on replica 1 moved to a tab on replica 2, as JSON through Redis', async () => {
    const ada = await newPerson(services);
    const folder = await newFolder(services, ada.id);
    const feed = await newFeed(services);
    const [first] = await publish(services, feed.id, timeline(3, { newest: new Date('2025-09-01T06:00:00.000Z') }));
    const subscription = await follow(services, ada.id, feed.id, { folderId: folder.id });
    const received: unknown[] = [];
    const client = createClient({
      url: two.wsUrl,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${ada.token}` },
      retryAttempts: 0,
    });
    client.subscribe(
      { query: 'subscription { unreadCountsChanged { subscriptions { subscriptionId unreadCount } folders { folderId unreadCount } } }' },
      { next: (value) => received.push(value), error: (error) => received.push(error), complete: () => {} },
    );
    try {
      expect(await waitFor(async () => (await inspect.subscribers(`tidings:unread:changed:${ada.id}`)) === 1, 10_000)).toBe(true);
      const read = await one.graphql(
        'mutation($id: ID!) { markArticleRead(id: $id) { __typename } }',
        { id: encodeGlobalID('Article', first!.id) },
        ada.token,
      );
      expect(read.body.data.markArticleRead.__typename).toBe('Article');
      expect(await waitFor(() => received.length === 1, 10_000), logs()).toBe(true);
      expect(received[0]).toEqual({
        data: {
          unreadCountsChanged: {
            subscriptions: [{ subscriptionId: encodeGlobalID('FeedSubscription', subscription.id), unreadCount: 2 }],
            folders: [{ folderId: encodeGlobalID('Folder', folder.id), unreadCount: 2 }],
          },
        },
      });
    } finally {
      await client.dispose();
    }
  }, 40_000);

  it('closes a socket on replica 2 within 1 s of its session being logged out through replica 1', async () => {
    const bob = await newPerson(services);
    const bobLive = subscribe(two.wsUrl, bob.token);
    expect(await waitFor(async () => (await inspect.subscribers(`tidings:session:ended:${bob.id}`)) === 1, 10_000)).toBe(true);

    const start = Date.now();
    expect((await one.rest('POST', '/auth/logout', { token: bob.token })).status).toBe(204);
    expect(await waitFor(() => bobLive.errors.some((error) => (error as { code?: number }).code === 4401), 1000), logs()).toBe(true);
    expect(Date.now() - start).toBeLessThan(1000);
    // Replica 2 stops listening for a user once the last socket of theirs is gone.
    expect(await waitFor(async () => (await inspect.subscribers(`tidings:session:ended:${bob.id}`)) === 0, 5000)).toBe(true);
  }, 40_000);
});

// Expected single-process behaviour, not a bug: without REDIS_URL each replica's event bus lives in its own
// process, so a subscriber hears only about what its own replica did. (Deterministic: nothing connects them.)
describe('two replicas without Redis', async () => {
  const databaseUrl = await createTestDatabase();
  const services = fixtureServices(databaseUrl);
  const [one, two] = await Promise.all([startReplica({ DATABASE_URL: databaseUrl }), startReplica({ DATABASE_URL: databaseUrl })]);

  /** Ada mentions Bob through `replica` until `live` hears of it: proves that subscription is live. */
  async function untilHeard(
    replica: typeof one,
    live: LiveSubscription,
    ada: { token: string },
    bob: { username: string },
    articleId: string,
  ) {
    for (let attempt = 0; attempt < 25; attempt += 1) {
      const before = live.received.length;
      await replica.rest('POST', '/comments', { token: ada.token, body: { articleId, content: `@${bob.username} ping` } });
      if (await waitFor(() => live.received.length > before, 400)) return;
    }
    throw new Error('the subscription never went live');
  }

  it('delivers a mention only to the subscription on the replica that made it', async () => {
    const [ada, bob] = [await newPerson(services), await newPerson(services)];
    const article = await newArticle(services);
    const onOne = subscribe(one.wsUrl, bob.token);
    const onTwo = subscribe(two.wsUrl, bob.token);
    await untilHeard(one, onOne, ada, bob, article.id);
    await untilHeard(two, onTwo, ada, bob, article.id);

    const response = await one.rest('POST', '/comments', {
      token: ada.token,
      body: { articleId: article.id, content: `@${bob.username} only here` },
    });
    expect(response.status).toBe(201);
    const notification = await services.db.notification.findFirstOrThrow({ where: { commentId: response.body.comment.id } });
    expect(await waitFor(() => onOne.ids().includes(notification.id), 10_000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(onTwo.ids()).not.toContain(notification.id);
    // Yet the notification exists for every replica: the list (GET /api/notifications) shows it on replica 2.
    const listed = await two.rest('GET', '/notifications?limit=50', { token: bob.token });
    expect(listed.body.notifications.map((listedOne: { id: string }) => listedOne.id)).toContain(notification.id);
  }, 60_000);
});
