import { getNamedType, getNullableType, isEnumType, isInputObjectType, isListType, type GraphQLInputType, type GraphQLList } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../graphql/schema.ts';
import { accountTableCounts } from '../../test/fixtures.ts';
import { signUp, startTestServer } from '../../test/server.ts';

/** Every REST endpoint of accounts, invites and notifications answers bad input with a 4xx {error} and changes nothing. */
const server = await startTestServer();
const { services, rest } = server;
let token = '';
let password = '';

beforeAll(async () => {
  ({ token, password } = await signUp(services));
});

type Endpoint = { method: string; path: string; signedIn: boolean };

const BODY_ENDPOINTS: Endpoint[] = [
  { method: 'POST', path: '/auth/register', signedIn: false },
  { method: 'POST', path: '/auth/login', signedIn: false },
  { method: 'PATCH', path: '/auth/profile', signedIn: true },
  { method: 'PATCH', path: '/auth/password', signedIn: true },
  { method: 'POST', path: '/auth/forgot-password', signedIn: false },
  { method: 'POST', path: '/auth/reset-password', signedIn: false },
];

const ALL_ENDPOINTS: Endpoint[] = [
  ...BODY_ENDPOINTS,
  { method: 'POST', path: '/auth/logout', signedIn: true },
  { method: 'POST', path: '/invites', signedIn: true },
  { method: 'DELETE', path: '/invites/0190a3c4-0000-7000-8000-000000000000', signedIn: true },
  { method: 'POST', path: '/notifications/mark-all-read', signedIn: true },
  { method: 'POST', path: '/notifications/0190a3c4-0000-7000-8000-000000000000/read', signedIn: true },
  { method: 'POST', path: '/notifications/groups/0190a3c4-0000-7000-8000-000000000000/read', signedIn: true },
];

const label = (e: Endpoint) => `${e.method} ${e.path}`;

async function expectUnchanged(call: () => Promise<{ status: number; body: any }>) {
  // any: each endpoint answers its own shape
  const before = await accountTableCounts(services);
  const response = await call();
  expect(response.status).toBeGreaterThanOrEqual(400);
  expect(response.status).toBeLessThan(500);
  expect(response.body).toEqual({ error: expect.any(String) });
  expect(response.body.error.length).toBeGreaterThan(5);
  expect(await accountTableCounts(services)).toEqual(before);
  return response;
}

describe('malformed JSON', () => {
  it.each(ALL_ENDPOINTS.map((e) => [label(e), e] as const))('%s answers 400 “not valid JSON”', async (_name, endpoint) => {
    const response = await expectUnchanged(() =>
      server.rest(endpoint.method, endpoint.path, { body: '{"username": "a",', token: endpoint.signedIn ? token : undefined }),
    );
    expect(response).toMatchObject({ status: 400, body: { error: 'The request body is not valid JSON' } });
  });
});

describe('a body that is not a JSON object', () => {
  const bodies = ['"just text"', '[1, 2, 3]', '42', 'null', 'true'];
  it.each(BODY_ENDPOINTS.flatMap((e) => bodies.map((body) => [label(e), body, e] as const)))(
    '%s answers 400 to %s',
    async (_name, body, endpoint) => {
      const response = await expectUnchanged(() =>
        rest(endpoint.method, endpoint.path, { body, token: endpoint.signedIn ? token : undefined }),
      );
      expect(response).toMatchObject({ status: 400, body: { error: 'The request body must be a JSON object' } });
    },
  );

  it.each(BODY_ENDPOINTS.map((e) => [label(e), e] as const))('%s answers 400 to no body at all', async (_name, endpoint) => {
    const response = await expectUnchanged(() => rest(endpoint.method, endpoint.path, { token: endpoint.signedIn ? token : undefined }));
    expect(response.status).toBe(400);
  });

  it.each(BODY_ENDPOINTS.map((e) => [label(e), e] as const))('%s answers 400 to an empty JSON body', async (_name, endpoint) => {
    await expectUnchanged(() =>
      rest(endpoint.method, endpoint.path, {
        body: '',
        token: endpoint.signedIn ? token : undefined,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });

  it.each(BODY_ENDPOINTS.map((e) => [label(e), e] as const))('%s answers 400 to a plain-text body', async (_name, endpoint) => {
    const response = await expectUnchanged(() =>
      rest(endpoint.method, endpoint.path, {
        body: 'username=a',
        token: endpoint.signedIn ? token : undefined,
        headers: { 'content-type': 'text/plain' },
      }),
    );
    expect(response).toMatchObject({ status: 400, body: { error: 'The request body must be a JSON object' } });
  });

  it.each(BODY_ENDPOINTS.map((e) => [label(e), e] as const))('%s answers 415 to a form body', async (_name, endpoint) => {
    const response = await expectUnchanged(() =>
      rest(endpoint.method, endpoint.path, {
        body: 'username=a',
        token: endpoint.signedIn ? token : undefined,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
    expect(response.status).toBe(415);
  });

  it('answers 413 to a body over 1 MiB', async () => {
    const response = await expectUnchanged(() =>
      rest('POST', '/auth/login', { body: { usernameOrEmail: 'x'.repeat(1_100_000), password: 'x' } }),
    );
    expect(response.status).toBe(413);
  });
});

describe('missing fields, wrong types and over-long strings', () => {
  const cases: [string, string, string, unknown, string][] = [
    ['POST', '/auth/register', 'no fields', {}, 'Username is required'],
    [
      'POST',
      '/auth/register',
      'a number for username',
      { username: 5, email: 'a@b.co', password: '12345678', inviteCode: 'X' },
      'Username must be text',
    ],
    [
      'POST',
      '/auth/register',
      'an object for email',
      { username: 'abc', email: { at: 1 }, password: '12345678', inviteCode: 'X' },
      'Email must be text',
    ],
    [
      'POST',
      '/auth/register',
      'an over-long invite code',
      { username: 'abc', email: 'a@b.co', password: '12345678', inviteCode: 'C'.repeat(1000) },
      'Invalid invite code',
    ],
    ['POST', '/auth/login', 'no fields', {}, 'Username or email is required'],
    ['POST', '/auth/login', 'no password', { usernameOrEmail: 'someone' }, 'Password is required'],
    ['POST', '/auth/login', 'an array for password', { usernameOrEmail: 'someone', password: ['a'] }, 'Password must be text'],
    [
      'POST',
      '/auth/login',
      'an over-long username',
      { usernameOrEmail: 'u'.repeat(5000), password: 'x' },
      'Username or email must be at most 254 characters',
    ],
    [
      'POST',
      '/auth/login',
      'an over-long password',
      { usernameOrEmail: 'someone', password: 'p'.repeat(5000) },
      'Password must be at most 256 characters',
    ],
    ['PATCH', '/auth/profile', 'no fields', {}, 'Display name is required'],
    ['PATCH', '/auth/profile', 'a number for displayName', { displayName: 3 }, 'Display name must be text'],
    ['PATCH', '/auth/profile', 'an over-long displayName', { displayName: 'd'.repeat(5000) }, 'Display name must be at most 50 characters'],
    ['PATCH', '/auth/password', 'no fields', {}, 'Current password is required'],
    ['PATCH', '/auth/password', 'no new password', { currentPassword: 'whatever' }, 'New password is required'],
    [
      'PATCH',
      '/auth/password',
      'a number for newPassword',
      { currentPassword: 'whatever', newPassword: 12345678 },
      'New password must be text',
    ],
    [
      'PATCH',
      '/auth/password',
      'an over-long current password',
      { currentPassword: 'c'.repeat(300), newPassword: '12345678' },
      'Current password must be at most 256 characters',
    ],
    ['POST', '/auth/forgot-password', 'no fields', {}, 'Email is required'],
    ['POST', '/auth/forgot-password', 'a number for email', { email: 1 }, 'Email must be text'],
    [
      'POST',
      '/auth/forgot-password',
      'an over-long email',
      { email: `${'e'.repeat(300)}@example.com` },
      'Email must be at most 254 characters',
    ],
    ['POST', '/auth/reset-password', 'no fields', {}, 'Reset token is required'],
    ['POST', '/auth/reset-password', 'a number for token', { token: 1, newPassword: '12345678' }, 'Reset token must be text'],
    [
      'POST',
      '/auth/reset-password',
      'an over-long token',
      { token: 't'.repeat(5000), newPassword: '12345678' },
      'Invalid or expired reset link',
    ],
  ];
  it.each(cases)('%s %s answers 400 to %s', async (method, path, _name, body, error) => {
    const response = await expectUnchanged(() => rest(method, path, { body, token: path.startsWith('/auth/p') ? token : undefined }));
    expect(response).toMatchObject({ status: 400, body: { error } });
  });

  it('leaves the signed-in account usable after all of that', async () => {
    const me = await rest('GET', '/auth/me', { token });
    expect(me.status).toBe(200);
    const login = await rest('POST', '/auth/login', { body: { usernameOrEmail: me.body.user.username, password } });
    expect(login.status).toBe(200);
  });
});

describe('unknown and malformed ids and queries', () => {
  it.each([
    ['DELETE', '/invites/not-a-uuid', 'Invite code not found'],
    ['DELETE', '/invites/0190a3c4-0000-7000-8000-000000000000', 'Invite code not found'],
    ['DELETE', `/invites/${'9'.repeat(90)}`, 'Invite code not found'],
    ['POST', '/notifications/not-a-uuid/read', 'Notification not found'],
    ['POST', '/notifications/0190a3c4-0000-7000-8000-000000000000/read', 'Notification not found'],
    ['POST', "/notifications/'%3B%20DROP%20TABLE%20users/read", 'Notification not found'],
    ['POST', '/notifications/groups/not-a-uuid/read', 'Notification not found'],
    ['POST', '/notifications/groups/0190a3c4-0000-7000-8000-000000000000/read', 'Notification not found'],
  ])('%s %s answers 404', async (method, path, error) => {
    const response = await expectUnchanged(() => rest(method, path, { token }));
    expect(response).toMatchObject({ status: 404, body: { error } });
  });

  it('answers an id longer than the router allows with a 4xx and an error, not a 500', async () => {
    const before = await accountTableCounts(services);
    const longest = await rest('DELETE', `/invites/${'9'.repeat(2000)}`, { token });
    expect(longest).toMatchObject({ status: 404, body: { error: 'Invite code not found' } });
    const tooLong = await rest('DELETE', `/invites/${'9'.repeat(3000)}`, { token });
    expect(tooLong.status).toBe(414);
    expect(tooLong.body.error).toEqual(expect.any(String));
    expect(await accountTableCounts(services)).toEqual(before);
  });

  it.each([
    ['limit=0', 'limit must be at least 1'],
    ['limit=101', 'limit must be at most 100'],
    ['limit=lots', 'limit must be a number'],
    ['limit=1&limit=2', 'limit must be a number'],
    ['before=yesterday', 'before must be a notification id'],
  ])('GET /notifications?%s answers 400', async (query, error) => {
    const response = await expectUnchanged(() => rest('GET', `/notifications?${query}`, { token }));
    expect(response).toMatchObject({ status: 400, body: { error } });
  });

  it.each([
    ['limit=0', 'limit must be at least 1'],
    ['limit=101', 'limit must be at most 100'],
    ['before=yesterday', 'before must be a notification group id'],
  ])('GET /notifications/groups?%s answers 400', async (query, error) => {
    const response = await expectUnchanged(() => rest('GET', `/notifications/groups?${query}`, { token }));
    expect(response).toMatchObject({ status: 400, body: { error } });
  });
});

/** Hostile values: none may reach PostgreSQL or a resolver as a 500. */
const HOSTILE: [string, unknown][] = [
  ['a NUL byte', 'ab\u0000cd'],
  ['a 1 MB string', 'x'.repeat(1_000_000)],
  ['the earliest JavaScript date', '-271821-04-20T00:00:00.000Z'],
  ['the latest JavaScript date', '+275760-09-13T00:00:00.000Z'],
  ['a number', 12345],
  ['a boolean', true],
  ['nested arrays', [[['a']], [[1]]]],
  ['a nested object', { a: { b: { c: 'd' } } }],
];
const ID = '0190a3c4-0000-7000-8000-000000000000';
const FIELDS = [
  ...['username', 'email', 'password', 'usernameOrEmail', 'displayName', 'currentPassword', 'newPassword', 'token', 'inviteCode'],
  ...['name', 'title', 'url', 'content', 'articleId', 'note', 'isPublic', 'folderId', 'subscriptionId', 'feedId', 'beforeDate'],
];
const ROUTES: [string, string][] = [
  ...(
    ['POST /auth/register', 'POST /auth/login', 'PATCH /auth/profile', 'PATCH /auth/password', 'POST /auth/forgot-password'] as const
  ).map((route) => route.split(' ') as [string, string]),
  ['POST', '/auth/reset-password'],
  ['POST', '/comments'],
  ['PATCH', `/comments/${ID}`],
  ['POST', '/feeds/detect'],
  ['POST', '/feeds/subscribe'],
  ['PATCH', `/feeds/${ID}`],
  ['POST', '/folders'],
  ['PATCH', `/folders/${ID}`],
  ['POST', `/folders/${ID}/move-subscription`],
  ['POST', '/folders/remove-subscription'],
  ['POST', '/social/share'],
  ['POST', '/articles/mark-all-read'],
  ['POST', `/articles/${ID}`],
  ['PATCH', `/articles/${ID}`],
];
const QUERIES = [
  '/articles?search=',
  '/articles?beforeDate=',
  '/articles?cursor=',
  '/social/shares?cursor=',
  '/social/users/search?q=',
  '/notifications?cursor=',
];

describe('hostile values in every field of every route', () => {
  it.each(HOSTILE)('no REST route answers %s with a 500', async (_name, value) => {
    const body = Object.fromEntries(FIELDS.map((field) => [field, value]));
    const failures: string[] = [];
    for (const [method, path] of ROUTES) {
      // All fields at once (the first a route reads refuses it), then each alone (so each field is reached), but the 1 MB one.
      const alone = typeof value === 'string' && value.length > 1000 ? [] : FIELDS.map((field) => ({ [field]: value }));
      for (const sent of [body, ...alone]) {
        const response = await rest(method, path, { body: sent, token });
        if (response.status >= 500) failures.push(`${method} ${path}: ${response.status}`);
      }
    }
    if (typeof value === 'string' && value.length < 1000) {
      for (const path of QUERIES) {
        const response = await rest('GET', `${path}${encodeURIComponent(value)}`, { token });
        if (response.status >= 500) failures.push(`GET ${path}: ${response.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers a NUL byte in a name, a username, a search and a folder with a clear 400', async () => {
    const nul = 'ab\u0000cd';
    expect(await rest('POST', '/folders', { body: { name: nul }, token })).toMatchObject({
      status: 400,
      body: { error: 'Text must not contain NUL characters' },
    });
    expect(await rest('PATCH', '/auth/profile', { body: { displayName: nul }, token })).toMatchObject({ status: 400 });
    expect(await rest('POST', '/auth/login', { body: { usernameOrEmail: nul, password } })).toMatchObject({ status: 400 });
    expect(await rest('GET', `/articles?search=${encodeURIComponent(nul)}`, { token })).toMatchObject({ status: 400 });
    expect(await rest('GET', `/social/users/search?q=${encodeURIComponent(nul)}`, { token })).toMatchObject({ status: 400 });
  });

  it('answers a date or a cursor outside PostgreSQL’s range with a clear 400', async () => {
    const ancient = encodeURIComponent('-271821-04-20T00:00:00.000Z');
    expect(await rest('GET', `/articles?beforeDate=${ancient}`, { token })).toMatchObject({
      status: 400,
      body: { error: 'beforeDate must be a date' },
    });
    const cursor = Buffer.from(`-271821-04-20T00:00:00.000Z|${ID}`).toString('base64url');
    expect(await rest('GET', `/social/shares?cursor=${cursor}`, { token })).toMatchObject({
      status: 400,
      body: { error: 'Invalid cursor' },
    });
  });

  it.each(HOSTILE.filter(([, value]) => typeof value !== 'string' || value.length < 1000))(
    'no GraphQL mutation answers %s in every argument and input field with a 500',
    async (_name, value) => {
      const failures: string[] = [];
      for (const field of Object.values(schema.getMutationType()!.getFields())) {
        const variables: Record<string, unknown> = {};
        const declared = field.args.map((arg) => {
          variables[arg.name] = hostileFor(arg.type, value);
          return `$${arg.name}: ${String(arg.type)}`;
        });
        const call = `${field.name}${field.args.length ? `(${field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ')})` : ''}`;
        const query = `mutation${declared.length ? `(${declared.join(', ')})` : ''} { ${call} { __typename } }`;
        const response = await server.graphql(query, variables, token);
        const crashed = response.status >= 500 || response.body.errors?.some((e) => /unexpected error/i.test(e.message));
        if (crashed) failures.push(`${field.name}: ${response.status} ${JSON.stringify(response.body.errors)}`);
      }
      expect(failures).toEqual([]);
    },
  );
});

/** The hostile value where it fits the type (every text and id), and a plain valid value elsewhere, so it gets through coercion. */
function hostileFor(type: GraphQLInputType, value: unknown): unknown {
  const named = getNamedType(type);
  if (isListType(getNullableType(type))) return [hostileFor((getNullableType(type) as GraphQLList<GraphQLInputType>).ofType, value)];
  if (isInputObjectType(named)) return Object.fromEntries(Object.values(named.getFields()).map((f) => [f.name, hostileFor(f.type, value)]));
  if (isEnumType(named)) return named.getValues()[0]!.value;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (named.name === 'String' || named.name === 'ID' || named.name === 'DateTime') return text;
  if (named.name === 'Int') return 1;
  if (named.name === 'Boolean') return true;
  return text;
}
