import { beforeAll, describe, expect, it } from 'vitest';
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
});
