import { beforeEach, describe, expect, it } from 'vitest';
import { accountTableCounts, newInvite, registration, uniqueUsername, WELCOME_TYPES, runPasswordResetJobs } from '../../test/fixtures.ts';
import { signUp, startTestServer } from '../../test/server.ts';
import { ensureBootstrapInvite } from '../domain/accounts/invites.ts';
import { RESET_DONE_MESSAGE, RESET_REQUESTED_MESSAGE } from '../domain/accounts/passwordReset.ts';

const server = await startTestServer();
// Every request here comes from 127.0.0.1; the per-address allowances have tests of their own (addressLimits.test.ts).
beforeEach(() => server.services.db.rateLimit.deleteMany({}));
const { services, rest } = server;
const SESSION_EXPIRED = { error: 'Session expired. Please login again.' };

async function login(usernameOrEmail: string, password: string) {
  const response = await rest('POST', '/auth/login', { body: { usernameOrEmail, password } });
  expect(response.status).toBe(200);
  return response.body.token as string;
}

describe('POST /api/auth/register', () => {
  it('makes the first account, registered with the bootstrap invite, the administrator, and later ones users', async () => {
    const bootstrap = await ensureBootstrapInvite(services);
    const first = await rest('POST', '/auth/register', { body: registration('firstone', bootstrap!, { displayName: 'First' }) });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      user: {
        id: expect.any(String),
        username: 'firstone',
        displayName: 'First',
        avatar: null,
        email: 'firstone@example.com',
        role: 'admin',
        isAdmin: true,
        createdAt: expect.any(String),
      },
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const invite = await rest('POST', '/invites', { token: first.body.token });
    const second = await rest('POST', '/auth/register', { body: registration('secondone', invite.body.inviteCode.code) });
    expect(second.status).toBe(201);
    expect(second.body.user).toMatchObject({ role: 'user', isAdmin: false });
    const me = await rest('GET', '/auth/me', { token: second.body.token });
    expect(me.body.user).toEqual(second.body.user);
  });

  it('gives the new account its welcome and onboarding notifications', async () => {
    const { body } = await rest('POST', '/auth/register', { body: registration(uniqueUsername(), await newInvite(services)) });
    const notifications = await rest('GET', '/notifications', { token: body.token });
    expect(notifications.body.notifications.map((n: { type: string }) => n.type).sort()).toEqual([...WELCOME_TYPES].sort());
    expect(notifications.body.unreadCount).toBe(4);
  });

  it('accepts the invite code in lower case', async () => {
    const code = await newInvite(services);
    const response = await rest('POST', '/auth/register', { body: registration(uniqueUsername(), code.toLowerCase()) });
    expect(response.status).toBe(201);
  });

  it.each([['an unknown invite code', () => 'NOPE-NOPE-NOPE-NOPE', 400, 'Invalid or already used invite code']])(
    'refuses %s and creates nothing',
    async (_name, code, status, error) => {
      const before = await accountTableCounts(services);
      const response = await rest('POST', '/auth/register', { body: registration(uniqueUsername(), code()) });
      expect(response).toMatchObject({ status, body: { error } });
      expect(await accountTableCounts(services)).toEqual(before);
    },
  );

  it('refuses a used invite code and creates nothing', async () => {
    const code = await newInvite(services);
    expect((await rest('POST', '/auth/register', { body: registration(uniqueUsername(), code) })).status).toBe(201);
    const before = await accountTableCounts(services);
    const response = await rest('POST', '/auth/register', { body: registration(uniqueUsername(), code) });
    expect(response).toMatchObject({ status: 400, body: { error: 'Invalid or already used invite code' } });
    expect(await accountTableCounts(services)).toEqual(before);
  });

  it('answers 409 for a username or e-mail taken in another case and creates nothing', async () => {
    const username = uniqueUsername('Dup');
    expect((await rest('POST', '/auth/register', { body: registration(username, await newInvite(services)) })).status).toBe(201);
    const code = await newInvite(services);
    const before = await accountTableCounts(services);
    const sameName = await rest('POST', '/auth/register', {
      body: registration(username.toLowerCase(), code, { email: 'other@example.com' }),
    });
    expect(sameName).toMatchObject({ status: 409, body: { error: 'This username is already taken' } });
    const sameEmail = await rest('POST', '/auth/register', {
      body: registration(uniqueUsername(), code, { email: `${username}@example.com`.toUpperCase() }),
    });
    expect(sameEmail).toMatchObject({ status: 409, body: { error: 'An account with this email already exists' } });
    expect(await accountTableCounts(services)).toEqual(before);
  });

  it('lets only one of several concurrent registrations with one code succeed', async () => {
    const code = await newInvite(services);
    const names = Array.from({ length: 4 }, () => uniqueUsername('rush'));
    const responses = await Promise.all(names.map((name) => rest('POST', '/auth/register', { body: registration(name, code) })));
    expect(responses.map((r) => r.status).sort()).toEqual([201, 400, 400, 400]);
    expect(await services.db.user.count({ where: { username: { in: names } } })).toBe(1);
  });

  it.each([
    ['a username with bad characters', { username: 'no spaces!' }, 'Username may only contain letters, numbers, hyphens, and underscores'],
    ['a number as the username', { username: 12345 }, 'Username must be text'],
    ['an over-long username', { username: 'u'.repeat(31) }, 'Username must be at most 30 characters'],
    ['an invalid e-mail', { email: 'at-nowhere' }, 'Please enter a valid email address'],
    ['an over-long e-mail', { email: `${'e'.repeat(250)}@example.com` }, 'Email must be at most 254 characters'],
    ['a password of 7 characters', { password: 'short12' }, 'Password must be at least 8 characters'],
    ['a password of 257 characters', { password: 'p'.repeat(257) }, 'Password must be at most 256 characters'],
    ['a display name of 51 characters', { displayName: 'd'.repeat(51) }, 'Display name must be at most 50 characters'],
    ['a boolean as the invite code', { inviteCode: true }, 'Invite code must be text'],
  ])('answers 400 for %s and creates nothing', async (_name, override, error) => {
    const code = await newInvite(services);
    const before = await accountTableCounts(services);
    const response = await rest('POST', '/auth/register', { body: registration(uniqueUsername(), code, override) });
    expect(response).toEqual({ status: 400, headers: expect.anything(), body: { error } });
    expect(await accountTableCounts(services)).toEqual(before);
  });

  it('accepts a display name of 50 characters', async () => {
    const response = await rest('POST', '/auth/register', {
      body: registration(uniqueUsername(), await newInvite(services), { displayName: 'd'.repeat(50) }),
    });
    expect(response.status).toBe(201);
    expect(response.body.user.displayName).toBe('d'.repeat(50));
  });
});

describe('POST /api/auth/login', () => {
  it('signs in by username or e-mail in any case and answers {user, token}', async () => {
    const { user, password } = await signUp(services, { username: uniqueUsername('Casey') });
    for (const name of [user.username.toLowerCase(), user.username.toUpperCase(), user.email.toUpperCase()]) {
      const response = await rest('POST', '/auth/login', { body: { usernameOrEmail: name, password } });
      expect(response.status).toBe(200);
      expect(response.body.user).toMatchObject({ id: user.id, username: user.username, email: user.email, role: 'user', isAdmin: false });
      expect(response.body.user).not.toHaveProperty('passwordHash');
      expect((await rest('GET', '/auth/me', { token: response.body.token })).body.user.id).toBe(user.id);
    }
  });

  it('answers 401 with one message for a wrong password and for an unknown user, opening no session', async () => {
    const { user } = await signUp(services);
    const sessions = await services.db.session.count();
    const wrong = await rest('POST', '/auth/login', { body: { usernameOrEmail: user.username, password: 'not it at all' } });
    const unknown = await rest('POST', '/auth/login', { body: { usernameOrEmail: 'no-such-person', password: 'not it at all' } });
    expect(wrong).toMatchObject({ status: 401, body: { error: 'Invalid username or password' } });
    expect(unknown).toMatchObject({ status: 401, body: { error: 'Invalid username or password' } });
    expect(await services.db.session.count()).toBe(sessions);
  });
});

describe('sessions', () => {
  it('refuses the token after logout with 401 “Session expired”, while other sessions go on', async () => {
    const { user, token, password } = await signUp(services);
    const other = await login(user.username, password);
    expect((await rest('POST', '/auth/logout', { token })).status).toBe(204);
    expect(await rest('GET', '/auth/me', { token })).toMatchObject({ status: 401, body: SESSION_EXPIRED });
    expect(await rest('GET', '/notifications', { token })).toMatchObject({ status: 401, body: SESSION_EXPIRED });
    expect((await rest('GET', '/auth/me', { token: other })).status).toBe(200);
  });

  it('answers 401 “Session expired” for a token that never existed', async () => {
    expect(await rest('GET', '/auth/me', { token: 'forged-token' })).toMatchObject({ status: 401, body: SESSION_EXPIRED });
  });

  it.each([
    ['GET', '/auth/me'],
    ['POST', '/auth/logout'],
    ['PATCH', '/auth/profile', { displayName: 'x' }],
    ['PATCH', '/auth/password', { currentPassword: 'whatever1', newPassword: 'whatever2' }],
    ['GET', '/invites'],
    ['POST', '/invites'],
    ['DELETE', '/invites/0190a3c4-0000-7000-8000-000000000000'],
    ['GET', '/notifications'],
    ['POST', '/notifications/0190a3c4-0000-7000-8000-000000000000/read'],
    ['POST', '/notifications/mark-all-read'],
  ])('answers 401 to a signed-out %s %s', async (method, path, body?: unknown) => {
    const before = await accountTableCounts(services);
    expect(await rest(method, path, { body })).toMatchObject({ status: 401, body: { error: 'Authentication required' } });
    expect(await accountTableCounts(services)).toEqual(before);
  });
});

describe('PATCH /api/auth/profile', () => {
  it('accepts 50 characters, refuses 51 without changing anything, and clears the name when blank', async () => {
    const { token, user } = await signUp(services);
    const fifty = await rest('PATCH', '/auth/profile', { token, body: { displayName: 'x'.repeat(50) } });
    expect(fifty).toMatchObject({ status: 200, body: { user: { id: user.id, displayName: 'x'.repeat(50) } } });
    const tooLong = await rest('PATCH', '/auth/profile', { token, body: { displayName: 'x'.repeat(51) } });
    expect(tooLong).toMatchObject({ status: 400, body: { error: 'Display name must be at most 50 characters' } });
    expect((await services.db.user.findUniqueOrThrow({ where: { id: user.id } })).displayName).toBe('x'.repeat(50));
    const blank = await rest('PATCH', '/auth/profile', { token, body: { displayName: '  ' } });
    expect(blank).toMatchObject({ status: 200, body: { user: { displayName: null } } });
    expect((await services.db.user.findUniqueOrThrow({ where: { id: user.id } })).displayName).toBeNull();
  });
});

describe('PATCH /api/auth/password', () => {
  it('needs the correct current password and changes nothing otherwise', async () => {
    const { user, token } = await signUp(services);
    const before = await accountTableCounts(services);
    const response = await rest('PATCH', '/auth/password', {
      token,
      body: { currentPassword: 'wrong one!', newPassword: 'brand new secret' },
    });
    expect(response).toMatchObject({ status: 400, body: { error: 'Current password is incorrect' } });
    expect(await accountTableCounts(services)).toEqual(before);
    expect((await rest('GET', '/auth/me', { token })).body.user.id).toBe(user.id);
  });

  it('revokes the other sessions but keeps the current one', async () => {
    const { user, token, password } = await signUp(services);
    const other = await login(user.email, password);
    const response = await rest('PATCH', '/auth/password', { token, body: { currentPassword: password, newPassword: 'brand new secret' } });
    expect(response).toMatchObject({ status: 200, body: { message: 'Password updated successfully' } });
    expect((await rest('GET', '/auth/me', { token })).status).toBe(200);
    expect(await rest('GET', '/auth/me', { token: other })).toMatchObject({ status: 401, body: SESSION_EXPIRED });
    expect((await rest('POST', '/auth/login', { body: { usernameOrEmail: user.username, password } })).status).toBe(401);
    expect((await rest('POST', '/auth/login', { body: { usernameOrEmail: user.username, password: 'brand new secret' } })).status).toBe(
      200,
    );
  });
});

describe('password reset', () => {
  it('answers the same message for an unknown e-mail and creates nothing', async () => {
    await signUp(services);
    const before = await accountTableCounts(services);
    const response = await rest('POST', '/auth/forgot-password', { body: { email: 'no-one@example.com' } });
    expect(response).toMatchObject({ status: 200, body: { message: RESET_REQUESTED_MESSAGE } });
    await runPasswordResetJobs(services);
    expect(await accountTableCounts(services)).toEqual(before);
  });

  it('delivers a notification with PUBLIC_URL/reset-password#token=…; the token works once and signs out every session', async () => {
    const { user, token, password } = await signUp(services);
    const other = await login(user.username, password);
    const requested = await rest('POST', '/auth/forgot-password', { body: { email: user.email.toUpperCase() } });
    expect(requested).toMatchObject({ status: 200, body: { message: RESET_REQUESTED_MESSAGE } });
    await runPasswordResetJobs(services);

    const { body } = await rest('GET', '/notifications', { token });
    const notification = body.notifications.find((n: { type: string }) => n.type === 'password_reset');
    expect(notification.link).toMatch(/^http:\/\/tidings\.test\/reset-password#token=[A-Za-z0-9_-]{43}$/);
    expect(notification.content).not.toContain('token');
    const resetToken = /#token=([A-Za-z0-9_-]+)/.exec(notification.link!)![1];

    const reset = await rest('POST', '/auth/reset-password', { body: { token: resetToken, newPassword: 'after the reset' } });
    expect(reset).toMatchObject({ status: 200, body: { message: RESET_DONE_MESSAGE } });
    expect(await rest('GET', '/auth/me', { token })).toMatchObject({ status: 401, body: SESSION_EXPIRED });
    expect(await rest('GET', '/auth/me', { token: other })).toMatchObject({ status: 401, body: SESSION_EXPIRED });
    expect((await rest('POST', '/auth/login', { body: { usernameOrEmail: user.username, password: 'after the reset' } })).status).toBe(200);

    const again = await rest('POST', '/auth/reset-password', { body: { token: resetToken, newPassword: 'a third password' } });
    expect(again).toMatchObject({ status: 400, body: { error: 'Invalid or expired reset link' } });
    expect((await rest('POST', '/auth/login', { body: { usernameOrEmail: user.username, password: 'after the reset' } })).status).toBe(200);
  });

  it('refuses an expired token and changes nothing', async () => {
    const { user, token } = await signUp(services);
    await rest('POST', '/auth/forgot-password', { body: { email: user.email } });
    await runPasswordResetJobs(services);
    const notification = await services.db.notification.findFirstOrThrow({ where: { userId: user.id, type: 'password_reset' } });
    const resetToken = /#token=([A-Za-z0-9_-]+)/.exec(notification.link!)![1];
    await services.db.passwordResetToken.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1) } });
    const before = await accountTableCounts(services);
    const response = await rest('POST', '/auth/reset-password', { body: { token: resetToken, newPassword: 'after the reset' } });
    expect(response).toMatchObject({ status: 400, body: { error: 'Invalid or expired reset link' } });
    expect(await accountTableCounts(services)).toEqual(before);
    expect((await rest('GET', '/auth/me', { token })).status).toBe(200);
  });
});
