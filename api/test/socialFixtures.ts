import { connect as tcpConnect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createClient, type Client } from 'graphql-ws';
import { Redis } from 'ioredis';
import WebSocket from 'ws';
import { buildApp } from '../src/app.ts';
import { DomainError } from '../src/domain/core/errors.ts';
import { announceNotifications, createNotifications } from '../src/domain/notifications/notifications.ts';
import type { Services, Viewer } from '../src/domain/core/services.ts';
import { viewerFromBearerToken } from '../src/domain/accounts/credentials.ts';
import { createEvents } from '../src/realtime/events.ts';
import { newFeed, publish } from './articleFixtures.ts';
import { httpClients, signUp } from './server.ts';
import { createTestServices } from './services.ts';
import { afterCaller } from './cleanup.ts';

// Social fixtures: people with chosen usernames, articles to talk about, notification look-ups, a test server
// whose event bus follows REDIS_URL as production's does, and graphql-ws clients that collect what arrives.

let counter = 0;
const next = () => (counter += 1);

/** A unique suffix for usernames, so names can be chosen per test without colliding inside one database. */
export function unique(prefix: string): string {
  return `${prefix}${next()}${Date.now().toString(36).slice(-4)}`.slice(0, 30);
}

/** A signed-up user as the domain sees them (`viewer`) with their bearer token. */
export type Person = { id: string; username: string; displayName: string | null; token: string; viewer: Viewer };

/** Signs a user up through the domain, with `username` (unique unless given) and an optional display name. */
export async function newPerson(services: Services, options: { username?: string; displayName?: string | null } = {}): Promise<Person> {
  const { user, token } = await signUp(services, { username: options.username ?? unique('p') });
  if (options.displayName !== undefined)
    await services.db.user.update({ where: { id: user.id }, data: { displayName: options.displayName } });
  const viewer = await viewerFromBearerToken(services, token);
  if (!viewer) throw new Error('the new session should be valid');
  return { id: user.id, username: user.username, displayName: options.displayName ?? null, token, viewer };
}

/** One stored article in a feed of its own (nobody needs to subscribe to comment on or share it). */
export async function newArticle(services: Services, options: { title?: string; url?: string | null; feedTitle?: string } = {}) {
  const feed = await newFeed(services, { title: options.feedTitle });
  const [article] = await publish(services, feed.id, [
    { publishedAt: new Date(), title: options.title ?? `Talking point ${next()}`, url: options.url },
  ]);
  const stored = await services.db.article.findUniqueOrThrow({ where: { id: article!.id }, select: { id: true, title: true, url: true } });
  return { ...stored, feed };
}

export const SOCIAL_NOTIFICATION_TYPES = ['comment_mention', 'comment_on_share', 'share_mention', 'new_follower'] as const;

/** The social notifications `userId` holds (welcome notifications left out), oldest first. */
export async function socialNotificationsOf(services: Services, userId: string) {
  return services.db.notification.findMany({
    where: { userId, type: { in: [...SOCIAL_NOTIFICATION_TYPES] } },
    orderBy: { id: 'asc' },
    select: { id: true, type: true, content: true, fromUserId: true, commentId: true, shareId: true, read: true },
  });
}

/** How many social notifications exist in the whole database. */
export function socialNotificationCount(services: Services): Promise<number> {
  return services.db.notification.count({ where: { type: { in: [...SOCIAL_NOTIFICATION_TYPES] } } });
}

/** The status and message a domain call was refused with (it must be refused with a DomainError). */
export async function refusal(attempt: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await attempt;
  } catch (error) {
    if (error instanceof DomainError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('expected the call to be refused');
}

/**
 * `services` whose interactive transactions fail just before committing (after the callback has written
 * everything), and whose announcements are recorded instead of published: a cause and its notifications must
 * then leave nothing behind and announce nothing.
 */
export function failingAtCommit(services: Services): Services & { announced: string[] } {
  const announced: string[] = [];
  const db = new Proxy(services.db, {
    get(target, property) {
      if (property !== '$transaction') return Reflect.get(target, property);
      return (work: (tx: unknown) => Promise<unknown>, options?: unknown) =>
        (target.$transaction as (work: (tx: unknown) => Promise<unknown>, options?: unknown) => Promise<unknown>)(async (tx) => {
          await work(tx);
          throw new Error('commit failed');
        }, options);
    },
  });
  return { ...services, db, events: { ...services.events, publish: (_channel, userId) => void announced.push(userId) }, announced };
}

/** Waits until `condition` holds, polling every 20 ms, for at most `timeoutMs`; answers whether it held. */
export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

/** The raw id inside a Relay global id ("Type:uuid", base64). */
export function rawId(globalId: string): string {
  return Buffer.from(globalId, 'base64')
    .toString()
    .replace(/^[A-Za-z]+:/, '');
}

// --- Redis ---------------------------------------------------------------------------------------------

/** The Redis the live-delivery tests use: REDIS_URL, else the local default. */
export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis server answers PING at `url` (tests that need one are skipped otherwise). */
export async function redisAnswers(url = TEST_REDIS_URL): Promise<boolean> {
  const { hostname, port } = new URL(url);
  const open = await new Promise<boolean>((resolve) => {
    const socket = tcpConnect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(500, () => (socket.destroy(), resolve(false)));
    socket.once('connect', () => (socket.end(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
  if (!open) return false;
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** The Redis channel that carries `userId`'s notification events (events.ts' naming). */
export const notificationTopic = (userId: string) => `tidings:notification:added:${userId}`;

/** A plain Redis connection for inspecting pub/sub (PUBSUB NUMSUB), closed after the file's tests. */
export function redisInspector(url = TEST_REDIS_URL): { subscribers: (topic: string) => Promise<number>; redis: Redis } {
  // Errors come back from the commands; the fault tests stop Redis on purpose, so a lost connection is no news.
  const redis = new Redis(url, { maxRetriesPerRequest: 1 }).on('error', () => {});
  afterCaller(async () => {
    await redis.quit();
  });
  return {
    redis,
    subscribers: async (topic) => {
      const [, count] = (await redis.pubsub('NUMSUB', topic)) as [string, number];
      return Number(count);
    },
  };
}

// --- A server whose event bus follows REDIS_URL -----------------------------------------------------------

/**
 * The real app on a free port over a fresh database, like startTestServer, but with the event bus production
 * builds (createServices): through Redis when `overrides.REDIS_URL` is set, in-process otherwise.
 * (createTestServices always builds an in-process bus, whatever REDIS_URL says.)
 */
export async function startSocialServer(overrides: Record<string, string> = {}) {
  const base = await createTestServices(overrides);
  const services: Services & { databaseUrl: string } = { ...base, events: createEvents(base.config.redisUrl ?? null) };
  const app = await buildApp({ services, webDist: null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  afterCaller(async () => {
    await app.close();
    await services.events.close();
  });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { services, app, url, wsUrl: `${url.replace(/^http/, 'ws')}/graphql`, ...httpClients(url) };
}

// --- Live notifications over graphql-ws -------------------------------------------------------------------

export const NOTIFICATION_ADDED = 'subscription { notificationAdded { id type content articleId fromUser { id username } } }';

export type LiveNotification = {
  id: string;
  type: string;
  content: string;
  articleId: string | null;
  fromUser: { id: string; username: string } | null;
};

/** A graphql-ws client of `wsUrl` signed in with `token`, subscribed to notificationAdded, collecting what arrives. */
export function subscribeToNotifications(wsUrl: string, token: string) {
  const client: Client = createClient({
    url: wsUrl,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
  });
  const received: LiveNotification[] = [];
  const errors: unknown[] = [];
  client.subscribe<{ notificationAdded: LiveNotification }>(
    { query: NOTIFICATION_ADDED },
    {
      next: (result) => (result.data ? received.push(result.data.notificationAdded) : errors.push(result.errors)),
      error: (error) => errors.push(error),
      complete: () => {},
    },
  );
  return {
    received,
    errors,
    /** The raw ids of what arrived. */
    ids: () => received.map((notification) => rawId(notification.id)),
    dispose: () => client.dispose(),
  };
}

export type LiveSubscription = ReturnType<typeof subscribeToNotifications>;

/** The content of the throw-away notifications untilLive sends. */
export const WARM_UP = 'Are you there?';

/**
 * Announces throw-away notifications to `userId` through `services` until `live` receives one: the server
 * registers a subscription a moment after the client sends it, and nothing published earlier is replayed.
 * A slow server may still deliver an earlier one afterwards: read what a test caused with `delivered`.
 */
export async function untilLive(services: Services, userId: string, live: LiveSubscription): Promise<void> {
  for (let attempt = 0; attempt < 25; attempt += 1) {
    const before = live.received.length;
    announceNotifications(services, await createNotifications(services.db, [{ userId, type: 'welcome', content: WARM_UP }]));
    if (await waitFor(() => live.received.length > before, 400)) return;
  }
  throw new Error(`the subscription of ${userId} never went live`);
}

/** What a subscription received apart from untilLive's throw-away notifications. */
export function delivered(live: LiveSubscription): LiveNotification[] {
  return live.received.filter((notification) => notification.content !== WARM_UP);
}
