import { createHash } from 'node:crypto';
import { getIntrospectionQuery, type IntrospectionObjectType, type IntrospectionQuery } from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startFeedServer } from '../test/feedServer.ts';
import { signUp, startTestServer } from '../test/server.ts';
import { BOOKMARKLET_REFUSED } from './domain/access/access.ts';
import { sendPasswordReset } from './domain/accounts/passwordReset.ts';
import { PAGE_ACTION_ROUTES } from './rest/router.ts';

// What each kind of credential receives. A token (REST bearer, Google Reader, Fever, a graphql-ws socket, the
// bookmarklet's) never receives what changes credentials: the e-mail address, a password reset's link. A bookmarklet
// token does the page actions only, on every API.

const feeds = await startFeedServer();
const server = await startTestServer({ FEED_ALLOW_PRIVATE_HOSTS: 'true' });
const { services, rest, graphql, url } = server;
const wsUrl = `${url.replace(/^http/, 'ws')}/graphql`;

const RESET_LINK = /reset-password#token=/;
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** A user with a session, a full API token and a bookmarklet token, and a password reset link in their notifications. */
async function userWithEveryCredential() {
  const account = await signUp(services);
  const make = async (body: Record<string, unknown>) =>
    (await rest('POST', '/tokens', { token: account.token, body })).body.token as string;
  const apiToken = await make({ name: 'Reader app' });
  const bookmarklet = await make({ name: 'Bookmarklet', scope: 'bookmarklet' });
  await sendPasswordReset(services, account.user.email);
  return { ...account, apiToken, bookmarklet };
}

const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.dispose()));
});

function socket(token: string, onClosed?: (event: unknown) => void): Client {
  const client = createClient({
    url: wsUrl,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    lazy: true,
    on: onClosed ? { closed: onClosed } : {},
  });
  clients.push(client);
  return client;
}

/** Runs one query over a socket and answers its single result. */
function overSocket(client: Client, query: string): Promise<any> {
  // any: GraphQL results as sent
  return new Promise((resolve, reject) => {
    client.subscribe({ query }, { next: resolve, error: reject, complete: () => {} });
  });
}

const ACCOUNT_QUERY = `{
  viewer { email }
  notifications(first: 20) { edges { node { id type link } } }
  notificationGroups(first: 20) { edges { node { latest { type link } } } }
}`;

function linksIn(data: any): (string | null)[] {
  return [
    ...data.notifications.edges.map((edge: any) => edge.node.link),
    ...data.notificationGroups.edges.map((edge: any) => edge.node.latest.link),
  ];
}

describe('a password reset link and the e-mail address reach a session only', () => {
  it('a session sees both, on REST, GraphQL and its socket', async () => {
    const user = await userWithEveryCredential();
    expect((await rest('GET', '/auth/me', { token: user.token })).body.user.email).toBe(user.user.email);
    const notifications = (await rest('GET', '/notifications', { token: user.token })).body.notifications;
    expect(notifications.find((n: any) => n.type === 'password_reset').link).toMatch(RESET_LINK);
    const { data } = (await graphql(ACCOUNT_QUERY, {}, user.token)).body;
    expect(data.viewer.email).toBe(user.user.email);
    expect(linksIn(data).filter((link) => link && RESET_LINK.test(link))).toHaveLength(2);
    const live = await overSocket(socket(user.token), ACCOUNT_QUERY);
    expect(live.data.viewer.email).toBe(user.user.email);
    expect(linksIn(live.data).some((link) => link && RESET_LINK.test(link))).toBe(true);
  });

  it('an API token sees neither on REST: /auth/me, the notifications and their groups, marking one read', async () => {
    const user = await userWithEveryCredential();
    const me = await rest('GET', '/auth/me', { token: user.apiToken });
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBeNull();
    const list = await rest('GET', '/notifications', { token: user.apiToken });
    const reset = list.body.notifications.find((n: any) => n.type === 'password_reset');
    expect(reset).toMatchObject({ link: null });
    const groups = await rest('GET', '/notifications/groups', { token: user.apiToken });
    const read = await rest('POST', `/notifications/${reset.id}/read`, { token: user.apiToken });
    const groupRead = await rest('POST', `/notifications/groups/${reset.id}/read`, { token: user.apiToken });
    for (const answer of [me, list, groups, read, groupRead]) {
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body)).not.toMatch(RESET_LINK);
      expect(JSON.stringify(answer.body)).not.toContain(user.user.email);
    }
  });

  it('an API token sees neither on GraphQL: viewer, user, notifications, groups, node, marking read', async () => {
    const user = await userWithEveryCredential();
    const { data } = (await graphql(ACCOUNT_QUERY, {}, user.apiToken)).body;
    expect(data.viewer.email).toBeNull();
    expect(linksIn(data)).toContain(null);
    const reset = data.notifications.edges.find((edge: any) => edge.node.type === 'password_reset').node;
    const answers = [
      await graphql(
        `
          query N($id: ID!) {
            node(id: $id) {
              ... on Notification {
                link
              }
            }
          }
        `,
        { id: reset.id },
        user.apiToken,
      ),
      await graphql(
        `
          query U($id: ID!) {
            user(id: $id) {
              email
            }
          }
        `,
        { id: btoa(`User:${user.user.id}`) },
        user.apiToken,
      ),
      await graphql(
        `
          mutation M($id: ID!) {
            markNotificationRead(id: $id) {
              __typename
              ... on Notification {
                link
              }
              ... on Error {
                message
              }
            }
          }
        `,
        { id: reset.id },
        user.apiToken,
      ),
    ];
    for (const answer of [{ body: { data } }, ...answers]) {
      expect(JSON.stringify(answer.body)).not.toMatch(RESET_LINK);
      expect(JSON.stringify(answer.body)).not.toContain(user.user.email);
    }
    expect(answers[0]!.body.data.node).toEqual({ link: null });
  });

  it('a socket opened with an API token sees neither, in a query or as the notification arrives', async () => {
    const user = await userWithEveryCredential();
    const client = socket(user.apiToken);
    const answer = await overSocket(client, ACCOUNT_QUERY);
    expect(answer.data.viewer.email).toBeNull();
    expect(JSON.stringify(answer)).not.toMatch(RESET_LINK);
    const arrived: any[] = [];
    client.subscribe(
      { query: 'subscription { notificationAdded { type link } }' },
      { next: (value) => arrived.push(value), error: () => {}, complete: () => {} },
    );
    // The server registers the subscription a moment after the client sends it; ask for resets until one arrives.
    for (let attempt = 0; attempt < 20 && arrived.length === 0; attempt += 1) {
      await services.db.passwordResetToken.deleteMany({ where: { userId: user.user.id } });
      await sendPasswordReset(services, user.user.email);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(arrived[0]?.data.notificationAdded).toEqual({ type: 'password_reset', link: null });
  });

  it('the Google Reader API gives the username, not the address, as userEmail', async () => {
    const user = await userWithEveryCredential();
    const info = await fetch(`${url}/api/greader/reader/api/0/user-info`, {
      headers: { authorization: `GoogleLogin auth=${user.apiToken}` },
    });
    expect(info.status).toBe(200);
    const body = await info.json();
    expect(body).toMatchObject({ userName: user.user.username, userEmail: user.user.username });
    expect(JSON.stringify(body)).not.toContain(user.user.email);
  });

  it('the Fever API answers nothing of the account', async () => {
    const user = await userWithEveryCredential();
    const key = md5(`${user.user.username}:${user.apiToken}`);
    const response = await fetch(`${url}/api/fever/?api&groups&feeds&items`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ api_key: key }).toString(),
    });
    const text = await response.text();
    expect(JSON.parse(text).auth).toBe(1);
    expect(text).not.toContain(user.user.email);
    expect(text).not.toMatch(RESET_LINK);
  });
});

/** Every REST route (but HEAD), as `METHOD /api/path`, read from the server's own route tree. */
function restRoutes(): { method: string; path: string }[] {
  const stack: string[] = [];
  const routes: { method: string; path: string }[] = [];
  for (const line of server.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+) \(([^)]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join('');
    if (!path.startsWith('/api/')) continue;
    for (const method of match[3]!.split(', ')) if (method !== 'HEAD') routes.push({ method, path });
  }
  return routes;
}

const concrete = (path: string) => path.replace(/:\w+(\|:\w+)*/g, '0190a0a0-0000-7000-8000-000000000000').replace(/\*$/, 'x');

describe('a bookmarklet token does the page actions only', () => {
  it('is refused every REST route but the page actions’, before anything runs', async () => {
    const user = await userWithEveryCredential();
    const routes = restRoutes();
    expect(routes.length).toBeGreaterThan(60);
    const pageRoutes = new Set(Object.values(PAGE_ACTION_ROUTES));
    expect(routes.filter((route) => pageRoutes.has(`${route.method} ${route.path}`))).toHaveLength(3);
    for (const route of routes.filter((r) => !pageRoutes.has(`${r.method} ${r.path}`))) {
      const answer = await fetch(`${url}${concrete(route.path)}`, {
        method: route.method,
        headers: { authorization: `Bearer ${user.bookmarklet}`, 'content-type': 'application/json' },
        body: route.method === 'GET' ? undefined : '{}',
      });
      expect(answer.status, `${route.method} ${route.path}`).toBe(403);
      expect(await answer.text(), `${route.method} ${route.path}`).toContain(BOOKMARKLET_REFUSED);
    }
  });

  it('looks for feeds, subscribes and shares a page on REST', async () => {
    const user = await userWithEveryCredential();
    const token = user.bookmarklet;
    const detected = await rest('POST', '/feeds/detect', { token, body: { url: feeds.url('/discovery') } });
    expect(detected.status).toBe(200);
    expect((await rest('POST', '/feeds/subscribe', { token, body: { url: feeds.url('/feed') } })).status).toBe(201);
    const shared = await rest('POST', '/social/share-page', {
      token,
      body: { url: feeds.url('/fixtures/page-open-graph.html?type=text/html') },
    });
    expect(shared.status).toBe(201);
    expect(await services.db.subscription.count({ where: { userId: user.user.id } })).toBe(1);
  });

  it('is refused every GraphQL root field but the page actions’, and anything their answers do not need', async () => {
    const user = await userWithEveryCredential();
    const schema = ((await graphql(getIntrospectionQuery(), {}, user.token)).body.data as IntrospectionQuery).__schema;
    const type = (name: string) => schema.types.find((candidate) => candidate.name === name) as IntrospectionObjectType;
    const hasFields = (name: string) => ['OBJECT', 'INTERFACE', 'UNION'].includes(schema.types.find((t) => t.name === name)!.kind);
    const allowed = ['Query.detectFeeds', 'Mutation.subscribeToFeed', 'Mutation.sharePage'];
    for (const root of [schema.queryType, schema.mutationType!, schema.subscriptionType!]) {
      const operation = root.name === 'Query' ? 'query' : root.name === 'Mutation' ? 'mutation' : 'subscription';
      for (const field of type(root.name).fields) {
        if (allowed.includes(`${root.name}.${field.name}`)) continue;
        let named: any = field.type;
        while (named.ofType) named = named.ofType;
        const query = `${operation} { ${field.name}${hasFields(named.name) ? ' { __typename }' : ''} }`;
        const { body } = await graphql(query, {}, user.bookmarklet);
        expect(body.data ?? null, query).toBeNull();
        expect(
          body.errors?.map((error) => error.message),
          query,
        ).toContain(BOOKMARKLET_REFUSED);
      }
    }
    const deeper = `mutation { subscribeToFeed(url: "${feeds.url('/feed')}") { ... on SubscribeToFeedPayload { subscription { feed { url } } } } }`;
    expect((await graphql(deeper, {}, user.bookmarklet)).body.errors?.[0]?.message).toBe(BOOKMARKLET_REFUSED);
    expect(await services.db.subscription.count({ where: { userId: user.user.id } })).toBe(0);
  });

  it('looks for feeds, subscribes and shares a page on GraphQL, as the bookmarklet’s window asks', async () => {
    const user = await userWithEveryCredential();
    const detect = await graphql(
      `
        query D($url: String!) {
          detectFeeds(url: $url) {
            __typename
            ... on QueryDetectFeedsSuccess {
              data {
                url
                title
                description
              }
            }
            ... on Error {
              message
            }
          }
        }
      `,
      { url: feeds.url('/discovery') },
      user.bookmarklet,
    );
    expect(detect.body.data.detectFeeds.__typename).toBe('QueryDetectFeedsSuccess');
    const subscribe = await graphql(
      `
        mutation S($url: String!) {
          subscribeToFeed(url: $url) {
            __typename
            ... on SubscribeToFeedPayload {
              subscription {
                id
                title
              }
            }
            ... on Error {
              message
            }
          }
        }
      `,
      { url: feeds.url('/feed') },
      user.bookmarklet,
    );
    expect(subscribe.body.data.subscribeToFeed.__typename).toBe('SubscribeToFeedPayload');
    // As Relay compiles the window's mutation: an answer that may be a node is asked for its id.
    const share = await graphql(
      `
        mutation P($input: SharePageInput!) {
          sharePage(input: $input) {
            __typename
            ... on Share {
              id
            }
            ... on Error {
              __isError: __typename
              message
            }
            ... on Node {
              __isNode: __typename
              id
            }
          }
        }
      `,
      { input: { url: feeds.url('/fixtures/page-open-graph.html?type=text/html'), note: null, isPublic: false } },
      user.bookmarklet,
    );
    expect(share.body.data.sharePage.__typename).toBe('Share');
  });

  it('opens no socket, and signs in to neither Google Reader nor Fever', async () => {
    const user = await userWithEveryCredential();
    let closed: any;
    await expect(
      overSocket(
        socket(user.bookmarklet, (event) => (closed = event)),
        '{ __typename }',
      ),
    ).rejects.toBeDefined();
    expect(closed?.code).toBe(4403);
    const login = await fetch(`${url}/api/greader/accounts/ClientLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ Email: user.user.username, Passwd: user.bookmarklet }).toString(),
    });
    expect(login.status).toBe(401);
    const reading = await fetch(`${url}/api/greader/reader/api/0/subscription/list?output=json`, {
      headers: { authorization: `GoogleLogin auth=${user.bookmarklet}` },
    });
    expect(reading.status).toBe(401);
    const fever = await fetch(`${url}/api/fever/?api&items`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ api_key: md5(`${user.user.username}:${user.bookmarklet}`) }).toString(),
    });
    expect(await fever.json()).toEqual({ api_version: 3, auth: 0 });
  });
});

describe('a token given an end', () => {
  it('works until then, and stops on every API after it, with its end shown in the list', async () => {
    const { token, user } = await signUp(services);
    const created = await rest('POST', '/tokens', { token, body: { name: 'For a week', expiresInDays: 7 } });
    expect(created.status).toBe(201);
    expect(Date.parse(created.body.apiToken.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const apiToken = created.body.token as string;
    expect((await rest('GET', '/articles', { token: apiToken })).status).toBe(200);
    await services.db.apiToken.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await rest('GET', '/articles', { token: apiToken })).status).toBe(401);
    expect((await graphql('{ viewer { id } }', {}, apiToken)).status).toBe(401);
    const reader = await fetch(`${url}/api/greader/reader/api/0/user-info`, { headers: { authorization: `GoogleLogin auth=${apiToken}` } });
    expect(reader.status).toBe(401);
    const fever = await fetch(`${url}/api/fever/?api`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ api_key: md5(`${user.username}:${apiToken}`) }).toString(),
    });
    expect(await fever.json()).toEqual({ api_version: 3, auth: 0 });
    const listed = (await rest('GET', '/tokens', { token })).body.tokens[0];
    expect(listed).toMatchObject({ name: 'For a week', scope: 'full', expiresAt: expect.any(String) });
  });

  it.each([
    [{ name: 'x', expiresInDays: 0 }, 'Expiry must be at least 1 day'],
    [{ name: 'x', expiresInDays: 1.5 }, 'Expiry must be a whole number of days'],
    [{ name: 'x', expiresInDays: 3651 }, 'Expiry must be at most 3650 days'],
    [{ name: 'x', expiresInDays: '7' }, 'Expiry must be a whole number of days'],
    [{ name: 'x', scope: 'admin' }, 'Scope must be full or bookmarklet'],
  ])('refuses %j with a clear error and creates nothing', async (body, error) => {
    const { token, user } = await signUp(services);
    expect(await rest('POST', '/tokens', { token, body })).toMatchObject({ status: 400, body: { error } });
    expect(await services.db.apiToken.count({ where: { userId: user.id } })).toBe(0);
  });
});
