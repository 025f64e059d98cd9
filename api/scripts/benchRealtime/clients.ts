import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

const SUBSCRIPTION = 'subscription { notificationAdded { content } }';

/** The unread counts a change moved, as the web app selects them. */
export const UNREAD_COUNTS_SUBSCRIPTION =
  'subscription { unreadCountsChanged { subscriptions { subscriptionId unreadCount } folders { folderId unreadCount } } }';

export type UnreadCountsEvent = {
  subscriptions: { subscriptionId: string; unreadCount: number }[];
  folders: { folderId: string; unreadCount: number }[];
};

/** A graphql-ws client subscribed to the user's notifications, calling `onContent` for each, resolved once the server acknowledged it. */
export async function subscribeNotifications(serverUrl: string, token: string, onContent: (content: string) => void): Promise<Client> {
  return subscribeTo<{ notificationAdded: { content: string } }>(serverUrl, token, SUBSCRIPTION, (data) =>
    onContent(data.notificationAdded.content),
  );
}

/** A graphql-ws client subscribed to the user's unread counts, calling `onCounts` with each event. */
export function subscribeUnreadCounts(serverUrl: string, token: string, onCounts: (counts: UnreadCountsEvent) => void): Promise<Client> {
  return subscribeTo<{ unreadCountsChanged: UnreadCountsEvent }>(serverUrl, token, UNREAD_COUNTS_SUBSCRIPTION, (data) =>
    onCounts(data.unreadCountsChanged),
  );
}

/** A graphql-ws client subscribed to `query` as the token's user, calling `onData` with each event's data, resolved once the server acknowledged it. */
async function subscribeTo<T>(serverUrl: string, token: string, query: string, onData: (data: T) => void): Promise<Client> {
  let acknowledged: () => void = () => {};
  const ready = new Promise<void>((resolve) => (acknowledged = resolve));
  const client = createClient({
    url: `${serverUrl.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    lazy: false,
    on: { connected: () => acknowledged() },
  });
  client.subscribe<T>({ query }, { next: (result) => result.data && onData(result.data as T), error: () => {}, complete: () => {} });
  await ready;
  // The subscription starts right after connection_ack; give the server a moment to register its topic.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return client;
}

/** Calls the REST API of `serverUrl`. */
export async function rest<T>(serverUrl: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${serverUrl}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Sends a GraphQL operation to `serverUrl` as the token's user and answers its data (errors throw). */
export async function graphql<T>(serverUrl: string, query: string, variables: Record<string, unknown>, token: string): Promise<T> {
  const response = await fetch(`${serverUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (!response.ok || body.errors || !body.data) throw new Error(`GraphQL: ${response.status} ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** Opens `count` clients of `token`'s user subscribed to notifications, 250 at a time. */
export function openSubscribers(serverUrl: string, token: string, count: number, onContent: (content: string) => void): Promise<Client[]> {
  return openClients(count, () => subscribeNotifications(serverUrl, token, onContent));
}

/** Opens `count` clients with `open` (the `index`th of them), 250 at a time. */
export async function openClients(count: number, open: (index: number) => Promise<Client>): Promise<Client[]> {
  const clients: Client[] = [];
  for (let start = 0; start < count; start += 250) {
    const batch = Array.from({ length: Math.min(250, count - start) }, (_, i) => open(start + i));
    clients.push(...(await Promise.all(batch)));
  }
  return clients;
}

/** Rejects with `message` unless `promise` settles within `timeoutMs`. */
export function withTimeout(promise: Promise<void>, message: string, timeoutMs = 30_000): Promise<void> {
  return Promise.race([promise, new Promise<void>((_, reject) => setTimeout(() => reject(new Error(message)), timeoutMs).unref())]);
}
