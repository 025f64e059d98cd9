import { describe, expect, it } from 'vitest';
import { accountTableCounts, newInvite, uniqueUsername, WELCOME_TYPES, runPasswordResetJobs } from '../../test/fixtures.ts';
import { signUp, startTestServer } from '../../test/server.ts';
import { ensureBootstrapInvite } from '../domain/accounts/invites.ts';
import { RESET_DONE_MESSAGE, RESET_REQUESTED_MESSAGE } from '../domain/accounts/passwordReset.ts';

/** Accounts, sessions and password reset through the real Yoga server at /graphql. */
const server = await startTestServer();
const { services, graphql } = server;

const USER_FIELDS = 'id username displayName name email role isAdmin avatarUrl createdAt';
const REGISTER = `mutation Register($input: RegisterInput!) {
  register(input: $input) {
    __typename
    ... on AuthPayload { token user { ${USER_FIELDS} } }
    ... on Error { message }
  }
}`;
const LOGIN = `mutation Login($input: LoginInput!) {
  login(input: $input) {
    __typename
    ... on AuthPayload { token user { id username } }
    ... on RateLimitedError { retryAfterSeconds }
    ... on Error { message }
  }
}`;
const VIEWER = `query Viewer { viewer { ${USER_FIELDS} } }`;
const UPDATE_PROFILE = `mutation UpdateProfile($input: UpdateProfileInput!) {
  updateProfile(input: $input) { __typename ... on User { id displayName name } ... on Error { message } }
}`;
const CHANGE_PASSWORD = `mutation ChangePassword($input: ChangePasswordInput!) {
  changePassword(input: $input) { __typename ... on User { id } ... on Error { message } }
}`;
const REQUEST_RESET = `mutation RequestReset($email: String!) {
  requestPasswordReset(input: { email: $email }) { __typename ... on MessagePayload { message } ... on Error { message } }
}`;
const RESET = `mutation Reset($token: String!, $newPassword: String!) {
  resetPassword(input: { token: $token, newPassword: $newPassword }) { __typename ... on MessagePayload { message } ... on Error { message } }
}`;

function registerInput(inviteCode: string, overrides: Record<string, unknown> = {}) {
  const username = uniqueUsername();
  return { username, email: `${username}@example.com`, password: 'correct horse battery', inviteCode, ...overrides };
}

async function loginToken(usernameOrEmail: string, password: string): Promise<string> {
  const { body } = await graphql(LOGIN, { input: { usernameOrEmail, password } });
  expect(body.data.login.__typename).toBe('AuthPayload');
  return body.data.login.token;
}

function expectUnauthenticated(
  response: { status: number; body: { data?: any; errors?: { message: string; extensions?: any }[] } },
  message = 'Authentication required',
) {
  // any: shapes vary per operation
  expect(response.body.errors).toHaveLength(1);
  expect(response.body.errors![0]).toMatchObject({ message, extensions: { code: 'UNAUTHENTICATED' } });
}

describe('register', () => {
  it('makes the account registered with the bootstrap invite the administrator, and later ones users', async () => {
    const bootstrap = await ensureBootstrapInvite(services);
    const first = await graphql(REGISTER, { input: registerInput(bootstrap!.toLowerCase(), { displayName: 'Boss' }) });
    expect(first.status).toBe(200);
    expect(first.body.data.register).toMatchObject({
      __typename: 'AuthPayload',
      user: { role: 'admin', isAdmin: true, displayName: 'Boss', name: 'Boss' },
    });
    expect(first.body.data.register.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const created = await graphql(
      'mutation { createInviteCode { ... on CreateInviteCodePayload { inviteCode { code } } } }',
      {},
      first.body.data.register.token,
    );
    const second = await graphql(REGISTER, { input: registerInput(created.body.data.createInviteCode.inviteCode.code) });
    expect(second.body.data.register.user).toMatchObject({ role: 'user', isAdmin: false, displayName: null });
    expect(second.body.data.register.user.name).toBe(second.body.data.register.user.username);

    const notifications = await services.db.notification.findMany({
      where: { user: { username: second.body.data.register.user.username } },
    });
    expect(notifications.map((n) => n.type).sort()).toEqual([...WELCOME_TYPES].sort());
  });

  it.each([
    ['an unknown invite code', { inviteCode: 'NO-SUCH-INVITE-CODE' }, 'InvalidInputError', 'Invalid or already used invite code'],
    [
      'bad characters in the username',
      { username: 'with space' },
      'InvalidInputError',
      'Username may only contain letters, numbers, hyphens, and underscores',
    ],
    ['an invalid e-mail', { email: 'nope' }, 'InvalidInputError', 'Please enter a valid email address'],
    ['a password of 7 characters', { password: '1234567' }, 'InvalidInputError', 'Password must be at least 8 characters'],
    ['a password of 257 characters', { password: 'p'.repeat(257) }, 'InvalidInputError', 'Password must be at most 256 characters'],
    ['a display name of 51 characters', { displayName: 'd'.repeat(51) }, 'InvalidInputError', 'Display name must be at most 50 characters'],
  ])('answers %s with a typed error and creates nothing', async (_name, override, typename, message) => {
    const input = registerInput(await newInvite(services), override);
    const before = await accountTableCounts(services);
    const { status, body } = await graphql(REGISTER, { input });
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data.register).toEqual({ __typename: typename, message });
    expect(await accountTableCounts(services)).toEqual(before);
  });

  it('answers a username or e-mail taken in another case with a ConflictError', async () => {
    const { user } = await signUp(services, { username: uniqueUsername('Taken') });
    const code = await newInvite(services);
    const sameName = await graphql(REGISTER, { input: registerInput(code, { username: user.username.toUpperCase() }) });
    expect(sameName.body.data.register).toEqual({ __typename: 'ConflictError', message: 'This username is already taken' });
    const sameEmail = await graphql(REGISTER, { input: registerInput(code, { email: user.email.toUpperCase() }) });
    expect(sameEmail.body.data.register).toEqual({ __typename: 'ConflictError', message: 'An account with this email already exists' });
  });

  it('refuses a wrong type for a field at validation, before anything runs', async () => {
    const input = { ...registerInput(await newInvite(services)), username: 42 };
    const before = await accountTableCounts(services);
    const { status, body } = await graphql(REGISTER, { input });
    expect(status).toBe(400);
    expect(body.errors![0]!.message).toContain('String cannot represent a non string value');
    expect(await accountTableCounts(services)).toEqual(before);
  });
});

describe('login, viewer and logout', () => {
  it('signs in by username or e-mail in any case; viewer answers the account with its e-mail', async () => {
    const { user, password } = await signUp(services, { username: uniqueUsername('Lou') });
    for (const name of [user.username.toUpperCase(), user.email.toUpperCase()]) {
      const token = await loginToken(name, password);
      const { body } = await graphql(VIEWER, {}, token);
      expect(body.data.viewer).toMatchObject({ username: user.username, email: user.email, role: 'user', isAdmin: false });
    }
  });

  it('answers a wrong password and an unknown user with the same UnauthenticatedError', async () => {
    const { user } = await signUp(services);
    for (const usernameOrEmail of [user.username, 'nobody-here']) {
      const { body } = await graphql(LOGIN, { input: { usernameOrEmail, password: 'wrong password' } });
      expect(body.data.login).toEqual({ __typename: 'UnauthenticatedError', message: 'Invalid username or password' });
    }
  });

  it('answers a RateLimitedError once an account has used its free failed attempts from one address', async () => {
    const { user, password } = await signUp(services);
    for (let i = 0; i < 5; i += 1) {
      const { body } = await graphql(LOGIN, { input: { usernameOrEmail: i % 2 ? user.email : user.username, password: 'wrong password' } });
      expect(body.data.login.__typename).toBe('UnauthenticatedError');
    }
    const { body } = await graphql(LOGIN, { input: { usernameOrEmail: user.username, password } });
    expect(body.data.login).toEqual({
      __typename: 'RateLimitedError',
      message: expect.stringMatching(/^Too many failed login attempts\. Please try again in [12] seconds?\.$/),
      retryAfterSeconds: expect.any(Number),
    });
    expect(body.data.login.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('answers viewer null when signed out', async () => {
    const { status, body } = await graphql(VIEWER);
    expect(status).toBe(200);
    expect(body).toEqual({ data: { viewer: null } });
  });

  it('revokes the token on logout: later requests with it get HTTP 401', async () => {
    const { token } = await signUp(services);
    const out = await graphql('mutation { logout }', {}, token);
    expect(out.body).toEqual({ data: { logout: true } });
    const after = await graphql(VIEWER, {}, token);
    expect(after.status).toBe(401);
    expectUnauthenticated(after, 'Session expired. Please login again.');
  });

  it.each([
    ['unused for more than 30 days', { lastUsedAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) }],
    ['opened more than 365 days ago', { createdAt: new Date(Date.now() - 366 * 24 * 3600 * 1000) }],
  ])('answers a token whose session was %s with HTTP 401, as a revoked one, on GraphQL and REST', async (_case, backdated) => {
    const { user, token } = await signUp(services);
    expect((await graphql(VIEWER, {}, token)).status).toBe(200);
    await services.db.session.updateMany({ where: { userId: user.id }, data: backdated });
    const after = await graphql(VIEWER, {}, token);
    expect(after.status).toBe(401);
    expectUnauthenticated(after, 'Session expired. Please login again.');
    expect((await server.rest('GET', '/auth/me', { token })).status).toBe(401);
  });

  it('answers an anonymous logout with UNAUTHENTICATED', async () => {
    expectUnauthenticated(await graphql('mutation { logout }'));
  });

  it('refuses an unknown token with HTTP 401 even for a public field', async () => {
    const response = await graphql(VIEWER, {}, 'never-issued');
    expect(response.status).toBe(401);
    expectUnauthenticated(response, 'Session expired. Please login again.');
  });
});

describe('updateProfile', () => {
  it('accepts 50 characters, refuses 51 with a typed error and no change, and clears a blank name', async () => {
    const { token, user } = await signUp(services);
    const fifty = await graphql(UPDATE_PROFILE, { input: { displayName: 'x'.repeat(50) } }, token);
    expect(fifty.body.data.updateProfile).toMatchObject({ __typename: 'User', displayName: 'x'.repeat(50) });
    const tooLong = await graphql(UPDATE_PROFILE, { input: { displayName: 'x'.repeat(51) } }, token);
    expect(tooLong.body.data.updateProfile).toEqual({
      __typename: 'InvalidInputError',
      message: 'Display name must be at most 50 characters',
    });
    expect((await services.db.user.findUniqueOrThrow({ where: { id: user.id } })).displayName).toBe('x'.repeat(50));
    const blank = await graphql(UPDATE_PROFILE, { input: { displayName: ' ' } }, token);
    expect(blank.body.data.updateProfile).toMatchObject({ __typename: 'User', displayName: null, name: user.username });
    expect((await services.db.user.findUniqueOrThrow({ where: { id: user.id } })).displayName).toBeNull();
  });

  it('answers a client that selects only __typename', async () => {
    const { token } = await signUp(services);
    const { body } = await graphql('mutation { updateProfile(input: { displayName: "Only" }) { __typename } }', {}, token);
    expect(body).toEqual({ data: { updateProfile: { __typename: 'User' } } });
  });

  it('answers an anonymous caller with UNAUTHENTICATED and changes nothing', async () => {
    const before = await accountTableCounts(services);
    expectUnauthenticated(await graphql(UPDATE_PROFILE, { input: { displayName: 'Anon' } }));
    expect(await accountTableCounts(services)).toEqual(before);
  });
});

describe('changePassword', () => {
  it('needs the correct current password', async () => {
    const { token } = await signUp(services);
    const before = await accountTableCounts(services);
    const { body } = await graphql(CHANGE_PASSWORD, { input: { currentPassword: 'not mine!', newPassword: 'new and long' } }, token);
    expect(body.data.changePassword).toEqual({ __typename: 'InvalidInputError', message: 'Current password is incorrect' });
    expect(await accountTableCounts(services)).toEqual(before);
  });

  it('keeps the current session and revokes the others', async () => {
    const { user, token, password } = await signUp(services);
    const other = await loginToken(user.username, password);
    const { body } = await graphql(CHANGE_PASSWORD, { input: { currentPassword: password, newPassword: 'new and long' } }, token);
    expect(body.data.changePassword).toEqual({ __typename: 'User', id: expect.any(String) });
    expect((await graphql(VIEWER, {}, token)).body.data.viewer.username).toBe(user.username);
    expect((await graphql(VIEWER, {}, other)).status).toBe(401);
  });

  it('answers an anonymous caller with UNAUTHENTICATED', async () => {
    expectUnauthenticated(await graphql(CHANGE_PASSWORD, { input: { currentPassword: 'a', newPassword: 'bbbbbbbb' } }));
  });
});

describe('password reset', () => {
  it('answers the same message for an unknown e-mail and creates nothing', async () => {
    const before = await accountTableCounts(services);
    const { body } = await graphql(REQUEST_RESET, { email: 'unknown@example.com' });
    expect(body.data.requestPasswordReset).toEqual({ __typename: 'MessagePayload', message: RESET_REQUESTED_MESSAGE });
    await runPasswordResetJobs(services);
    expect(await accountTableCounts(services)).toEqual(before);
  });

  it('resets with the token from the notification once, and revokes every session', async () => {
    const { user, token, password } = await signUp(services);
    const other = await loginToken(user.username, password);
    const { body } = await graphql(REQUEST_RESET, { email: user.email.toUpperCase() });
    expect(body.data.requestPasswordReset.message).toBe(RESET_REQUESTED_MESSAGE);
    await runPasswordResetJobs(services);
    const notifications = await graphql('{ notifications(first: 10) { edges { node { type content link } } } }', {}, token);
    const reset = notifications.body.data.notifications.edges.find((e: { node: { type: string } }) => e.node.type === 'password_reset');
    const resetToken = /http:\/\/tidings\.test\/reset-password#token=([A-Za-z0-9_-]+)/.exec(reset.node.link)![1];

    const done = await graphql(RESET, { token: resetToken, newPassword: 'after reset!' });
    expect(done.body.data.resetPassword).toEqual({ __typename: 'MessagePayload', message: RESET_DONE_MESSAGE });
    expect((await graphql(VIEWER, {}, token)).status).toBe(401);
    expect((await graphql(VIEWER, {}, other)).status).toBe(401);
    await loginToken(user.username, 'after reset!');

    const again = await graphql(RESET, { token: resetToken, newPassword: 'third time!' });
    expect(again.body.data.resetPassword).toEqual({ __typename: 'InvalidInputError', message: 'Invalid or expired reset link' });
  });

  it('answers an invalid e-mail and a short password with typed errors', async () => {
    expect((await graphql(REQUEST_RESET, { email: 'nope' })).body.data.requestPasswordReset).toEqual({
      __typename: 'InvalidInputError',
      message: 'Please enter a valid email address',
    });
    expect((await graphql(RESET, { token: 'x', newPassword: 'short' })).body.data.resetPassword).toEqual({
      __typename: 'InvalidInputError',
      message: 'New password must be at least 8 characters',
    });
  });
});

describe('the User node', () => {
  it('is fetched by its global id when signed in, and shows the e-mail only to the user themself', async () => {
    const alice = await signUp(services);
    const bob = await signUp(services);
    const { body: own } = await graphql(VIEWER, {}, alice.token);
    const id = own.data.viewer.id;
    expect(Buffer.from(id, 'base64').toString()).toBe(`User:${alice.user.id}`);
    const query = `query Node($id: ID!) { node(id: $id) { __typename id ... on User { username email } } }`;
    expect((await graphql(query, { id }, alice.token)).body.data.node).toEqual({
      __typename: 'User',
      id,
      username: alice.user.username,
      email: alice.user.email,
    });
    expect((await graphql(query, { id }, bob.token)).body.data.node).toEqual({
      __typename: 'User',
      id,
      username: alice.user.username,
      email: null,
    });
    // Signed out, no user is visible (anonymousNodes.test.ts checks every Node type).
    expect((await graphql(query, { id })).body.data.node).toBeNull();
  });

  it('answers null for an unknown user id', async () => {
    const { token } = await signUp(services);
    const id = Buffer.from('User:0190a3c4-0000-7000-8000-000000000000').toString('base64');
    const { body } = await graphql('query Node($id: ID!) { node(id: $id) { id } }', { id }, token);
    expect(body).toEqual({ data: { node: null } });
  });
});
