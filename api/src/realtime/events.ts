import { setMaxListeners } from 'node:events';
import { RedisPubSub } from 'graphql-redis-subscriptions';
import { createPubSub } from 'graphql-yoga';
import { Redis } from 'ioredis';

/**
 * An unread-count event's payload: the user's subscriptions and folders a change moved, each with its unread count
 * as it is now (by database id). Plain ids and numbers, so it crosses Redis as JSON; a subscription that no longer
 * exists is not in it.
 */
export type ChangedUnreadCounts = {
  subscriptions: { subscriptionId: string; feedId: string; unreadCount: number }[];
  folders: { folderId: string; unreadCount: number }[];
  /** Set when the change brought articles the user has not seen: a refresh stored new ones, or they subscribed. */
  arrived?: ArticlesArrived;
};

/** New articles in the change's feeds: how many, and whether the user's own subscription brought them. */
export type ArticlesArrived = { articles: number; subscribed: boolean };

/** A comment of a story's conversation that was added, edited or deleted. */
export type ConversationChange = { commentId: string; articleId: string; change: 'added' | 'edited' | 'deleted' };

/**
 * The events Tidings publishes, by channel; each goes to the subscribers of one key: a user id, or for a story's
 * conversation the story's id (anyone reading one of its copies). Payloads travel as JSON.
 */
type Channels = {
  'notification:added': { notificationId: string };
  /** A story's conversation changed: every reader of any of its copies takes the comment in. */
  'conversation:changed': ConversationChange;
  /**
   * The user's unread articles changed (read, unread, marked all read, new articles, subscriptions): the counts
   * that moved, read once when the change was announced, so no subscriber reads them again.
   */
  'unread:changed': ChangedUnreadCounts;
  /** Sessions of the user that ended (logout, password change or reset, expiry): their live connections close. */
  'session:ended': { sessionIds: string[] };
};

/**
 * The event bus between domain code and live subscribers. Without Redis it lives in the process; with
 * REDIS_URL it goes through Redis pub/sub, so an event published by one replica reaches subscribers
 * connected to any other.
 */
export type Events = {
  publish<C extends keyof Channels>(channel: C, key: string, payload: Channels[C]): void;
  subscribe<C extends keyof Channels>(channel: C, key: string): AsyncIterable<Channels[C]>;
  close(): Promise<void>;
};

/** The event bus: through Redis at `redisUrl` when given, else in-process. */
export function createEvents(redisUrl: string | null = null, onError: (error: Error) => void = () => {}): Events {
  return redisUrl ? redisEvents(redisUrl, onError) : inProcessEvents();
}

function inProcessEvents(): Events {
  // Yoga's pub/sub keys topics by channel and id, just like Redis topics below.
  // One EventTarget listener per subscribed connection: a user may well hold more than Node's default of 10.
  const eventTarget = new EventTarget();
  setMaxListeners(0, eventTarget);
  const pubsub = createPubSub<Record<string, [userId: string, payload: unknown]>>({ eventTarget });
  return {
    publish: (channel, userId, payload) => pubsub.publish(channel, userId, payload),
    subscribe: (channel, userId) => pubsub.subscribe(channel, userId) as AsyncIterable<never>,
    close: async () => {},
  };
}

function redisEvents(redisUrl: string, onError: (error: Error) => void): Events {
  // Pub/sub needs a connection of its own for subscribing; both retry forever, as Redis restarts are transient.
  // ioredis reports every failed reconnection attempt (several a second at first): only an outage's first is passed on.
  const connect = () => {
    let reported = false;
    return new Redis(redisUrl, { maxRetriesPerRequest: null, lazyConnect: false })
      .on('error', (error: Error) => {
        if (!reported) onError(error);
        reported = true;
      })
      .on('ready', () => (reported = false));
  };
  const pubsub = new RedisPubSub({ publisher: connect(), subscriber: connect() });
  const topic = (channel: string, userId: string) => `tidings:${channel}:${userId}`;
  return {
    publish: (channel, userId, payload) => void pubsub.publish(topic(channel, userId), payload).catch(onError),
    subscribe: (channel, userId) => pubsub.asyncIterableIterator(topic(channel, userId)),
    close: async () => {
      await pubsub.close();
    },
  };
}
