import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

const SUBSCRIPTION = 'subscription { notificationAdded { content } }';

/** A graphql-ws client subscribed to the user's notifications, calling `onContent` for each, resolved once the server acknowledged it. */
export async function subscribeNotifications(serverUrl: string, token: string, onContent: (content: string) => void): Promise<Client> {
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
  client.subscribe<{ notificationAdded: { content: string } }>(
    { query: SUBSCRIPTION },
    { next: (result) => result.data && onContent(result.data.notificationAdded.content), error: () => {}, complete: () => {} },
  );
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

/** Opens `count` subscribed clients of `token`'s user, 250 at a time. */
export async function openSubscribers(
  serverUrl: string,
  token: string,
  count: number,
  onContent: (content: string) => void,
): Promise<Client[]> {
  const clients: Client[] = [];
  for (let start = 0; start < count; start += 250) {
    const batch = Array.from({ length: Math.min(250, count - start) }, () => subscribeNotifications(serverUrl, token, onContent));
    clients.push(...(await Promise.all(batch)));
  }
  return clients;
}

/** Rejects with `message` unless `promise` settles within `timeoutMs`. */
export function withTimeout(promise: Promise<void>, message: string, timeoutMs = 30_000): Promise<void> {
  return Promise.race([promise, new Promise<void>((_, reject) => setTimeout(() => reject(new Error(message)), timeoutMs).unref())]);
}
