import { waitFor } from '../../../test/socialFixtures.ts';
import { createClient, type Client } from 'graphql-ws';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { announceNotifications, createNotifications } from '../../domain/notifications/notifications.ts';
import { RESET_LINK_CONTENT } from '../../domain/accounts/passwordReset.ts';
import { runPasswordResetJobs } from '../../../test/fixtures.ts';
import { signUp, startTestServer } from '../../../test/server.ts';

/** notificationAdded through a real graphql-ws client on the listening server. */
const server = await startTestServer();
const { services, graphql } = server;
const wsUrl = `${server.url.replace(/^http/, 'ws')}/graphql`;

const SUBSCRIPTION = 'subscription { notificationAdded { id type content link read fromUser { id } } }';
const REQUEST_RESET = 'mutation R($email: String!) { requestPasswordReset(input: { email: $email }) { __typename } }';

type Result = {
  data?: { notificationAdded: { id: string; type: string; content: string; link: string | null; read: boolean } } | null;
  errors?: any[];
}; // any: GraphQL errors as sent

const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.dispose()));
});

function connect(token?: string, onClosed?: (event: unknown) => void): Client {
  const client = createClient({
    url: wsUrl,
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    lazy: true,
    on: onClosed ? { closed: onClosed } : {},
  });
  clients.push(client);
  return client;
}

/** Subscribes and collects what arrives. */
function subscribe(client: Client) {
  const results: Result[] = [];
  const errors: unknown[] = [];
  let completed = false;
  client.subscribe<Result['data']>(
    { query: SUBSCRIPTION },
    {
      next: (value) => results.push(value as Result),
      error: (error) => errors.push(error),
      complete: () => (completed = true),
    },
  );
  return { results, errors, isCompleted: () => completed };
}

/** Creates and announces a notification for the owner of `email`, as any domain action does. */
async function notify(email: string): Promise<void> {
  const user = await services.db.user.findUniqueOrThrow({ where: { email } });
  announceNotifications(services, await createNotifications(services.db, [{ userId: user.id, type: 'welcome', content: 'Hello again' }]));
}

/**
 * Notifies the owner of `email` until `subscription` receives something: the server registers a subscription
 * a moment after the client sends it, and a notification published before that is not replayed.
 */
async function triggerUntilReceived(email: string, subscription: { results: Result[] }): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const received = subscription.results.length;
    await notify(email);
    if (await waitFor(() => subscription.results.length > received, 1000)) return;
  }
  throw new Error(`nothing arrived for ${email}`);
}

/** The owners of the notifications a subscription received. */
async function recipientsOf(subscription: { results: Result[] }): Promise<string[]> {
  const ids = subscription.results.map((r) =>
    Buffer.from(r.data!.notificationAdded.id, 'base64')
      .toString()
      .replace(/^Notification:/, ''),
  );
  const rows = await services.db.notification.findMany({ where: { id: { in: ids } }, select: { userId: true } });
  expect(rows).toHaveLength(ids.length);
  return [...new Set(rows.map((row) => row.userId))];
}

describe('subscription notificationAdded', () => {
  it('delivers a new notification of the viewer as it is created', async () => {
    const { user, token } = await signUp(services);
    const subscription = subscribe(connect(token));
    await triggerUntilReceived(user.email, subscription);
    const live = subscription.results.length;
    expect((await graphql(REQUEST_RESET, { email: user.email })).body.data.requestPasswordReset.__typename).toBe('MessagePayload');
    await runPasswordResetJobs(services);
    expect(await waitFor(() => subscription.results.length > live)).toBe(true);
    const result = subscription.results.at(-1)!;
    expect(result.errors).toBeUndefined();
    expect(result.data!.notificationAdded).toMatchObject({ type: 'password_reset', read: false, fromUser: null });
    expect(result.data!.notificationAdded.content).toBe(RESET_LINK_CONTENT);
    expect(result.data!.notificationAdded.link).toMatch(/^http:\/\/tidings\.test\/reset-password#token=[A-Za-z0-9_-]{43}$/);
    const [newest] = await services.db.notification.findMany({
      where: { userId: user.id, type: 'password_reset' },
      orderBy: { id: 'desc' },
      take: 1,
    });
    expect(Buffer.from(result.data!.notificationAdded.id, 'base64').toString()).toBe(`Notification:${newest!.id}`);
    expect(result.data!.notificationAdded.content).toBe(newest!.content);
  });

  it('delivers nothing of one user to another user’s subscription', async () => {
    const alice = await signUp(services);
    const bob = await signUp(services);
    const aliceSubscription = subscribe(connect(alice.token));
    const bobSubscription = subscribe(connect(bob.token));
    // Both subscriptions are proven live before the other user's notifications are created.
    await triggerUntilReceived(bob.user.email, bobSubscription);
    await triggerUntilReceived(alice.user.email, aliceSubscription);
    await notify(alice.user.email);
    await waitFor(() => aliceSubscription.results.length >= 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await recipientsOf(aliceSubscription)).toEqual([alice.user.id]);
    expect(await recipientsOf(bobSubscription)).toEqual([bob.user.id]);
    expect(aliceSubscription.results.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a connection whose token was revoked', async () => {
    const { token } = await signUp(services);
    expect((await graphql('mutation { logout }', {}, token)).body.data.logout).toBe(true);
    let closedWith: { code?: number } | undefined;
    const subscription = subscribe(connect(token, (event) => (closedWith = event as { code?: number })));
    expect(await waitFor(() => subscription.errors.length > 0)).toBe(true);
    expect(closedWith?.code).toBe(4403);
    expect(subscription.results).toEqual([]);
  });

  it('ends a live subscription once its session is logged out', async () => {
    const { user, token } = await signUp(services);
    const subscription = subscribe(connect(token));
    await triggerUntilReceived(user.email, subscription);
    const delivered = subscription.results.length;
    expect((await graphql('mutation { logout }', {}, token)).body.data.logout).toBe(true);
    // The socket is closed with its session, so the subscription ends in the client's error callback.
    expect(await waitFor(() => (subscription.errors[0] as { code?: number } | undefined)?.code === 4401, 1000)).toBe(true);
    await notify(user.email);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(subscription.results).toHaveLength(delivered);
  });

  it('refuses a connection with a token that never existed', async () => {
    let closedWith: { code?: number } | undefined;
    const subscription = subscribe(connect('made-up-token', (event) => (closedWith = event as { code?: number })));
    expect(await waitFor(() => subscription.errors.length > 0)).toBe(true);
    expect(closedWith?.code).toBe(4403);
  });

  it('answers an anonymous subscription with UNAUTHENTICATED', async () => {
    const subscription = subscribe(connect());
    expect(await waitFor(() => subscription.errors.length > 0 || subscription.results.length > 0 || subscription.isCompleted())).toBe(true);
    const errors = (subscription.errors[0] ?? subscription.results[0]?.errors) as { message: string; extensions?: { code?: string } }[];
    expect(Array.isArray(errors)).toBe(true);
    expect(errors[0]).toMatchObject({ message: 'Authentication required', extensions: { code: 'UNAUTHENTICATED' } });
  });
});
