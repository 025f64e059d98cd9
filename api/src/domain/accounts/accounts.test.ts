import { describe, expect, it, vi } from 'vitest';
import { accountTableCounts, newInvite, registration, uniqueUsername, WELCOME_TYPES, uniqueAddress } from '../../../test/fixtures.ts';
import { signUp } from '../../../test/server.ts';
import { createTestServices } from '../../../test/services.ts';
import { changePassword, getAccount, login, register, updateProfile } from './accounts.ts';
import { ConflictError, InvalidInputError, UnauthenticatedError } from '../core/errors.ts';
import { createInviteCode, ensureBootstrapInvite } from './invites.ts';
import { viewerFromBearerToken } from './credentials.ts';
import { closeSession } from './sessions.ts';
import type { Viewer } from '../core/services.ts';

const services = await createTestServices();

async function viewerOf(token: string): Promise<Viewer> {
  const viewer = await viewerFromBearerToken(services, token);
  if (!viewer) throw new Error('the token opens no session');
  return viewer;
}

/** Expects `promise` to reject with an error of `type` carrying exactly `message`. */
async function expectRefusal(promise: Promise<unknown>, type: new (...args: any[]) => Error, message: string) {
  // any: error constructors differ
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(type);
  expect((error as Error).message).toBe(message);
}

describe('register', () => {
  it('makes the account registered with the bootstrap invite the administrator and later accounts users', async () => {
    const bootstrap = await ensureBootstrapInvite(services);
    expect(bootstrap).toMatch(/^[A-Z]+(-[A-Z]+){3}$/);
    const first = await register(services, registration('founder', bootstrap!), uniqueAddress());
    expect(first.user).toMatchObject({ username: 'founder', email: 'founder@example.com', role: 'admin', displayName: null });
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await ensureBootstrapInvite(services)).toBeNull();

    const admin = await viewerOf(first.token);
    const invite = await createInviteCode(services, admin);
    const second = await register(services, registration('second', invite.code), uniqueAddress());
    expect(second.user.role).toBe('user');
    const stored = await services.db.inviteCode.findUniqueOrThrow({ where: { id: invite.id } });
    expect(stored.usedById).toBe(second.user.id);
    expect(stored.usedAt).toBeInstanceOf(Date);
  });

  it('answers the account and a token that opens a session, and stores only a hash of the password', async () => {
    const username = uniqueUsername();
    const { user, token } = await register(
      services,
      registration(username, await newInvite(services), { displayName: '  Ada  ' }),
      uniqueAddress(),
    );
    expect(user).not.toHaveProperty('passwordHash');
    expect(user.displayName).toBe('Ada');
    const viewer = await viewerOf(token);
    expect(viewer).toMatchObject({ id: user.id, username });
    const stored = await services.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
    expect(stored.passwordHash).not.toContain('correct horse battery');
    expect(await services.db.session.count({ where: { userId: user.id } })).toBe(1);
  });

  it('creates the welcome and onboarding notifications, unread, and announces them', async () => {
    const publish = vi.spyOn(services.events, 'publish');
    try {
      const { user } = await register(services, registration(uniqueUsername(), await newInvite(services)), uniqueAddress());
      const notifications = await services.db.notification.findMany({ where: { userId: user.id } });
      expect(notifications.map((n) => n.type).sort()).toEqual([...WELCOME_TYPES].sort());
      expect(notifications.every((n) => !n.read && n.content.length > 0)).toBe(true);
      const announced = publish.mock.calls.flatMap(([, userId, payload]) =>
        userId === user.id && 'notificationId' in payload ? [payload.notificationId] : [],
      );
      expect(announced.sort()).toEqual(notifications.map((n) => n.id).sort());
    } finally {
      publish.mockRestore();
    }
  });

  it('accepts an invite code typed in lower case with surrounding spaces', async () => {
    const code = await newInvite(services);
    const { user } = await register(services, registration(uniqueUsername(), `  ${code.toLowerCase()} `), uniqueAddress());
    expect((await services.db.inviteCode.findUniqueOrThrow({ where: { code } })).usedById).toBe(user.id);
  });

  it('refuses an unknown invite code and creates nothing', async () => {
    const before = await accountTableCounts(services);
    await expectRefusal(
      register(services, registration(uniqueUsername(), 'NO-SUCH-CODE-HERE'), uniqueAddress()),
      InvalidInputError,
      'Invalid or already used invite code',
    );
    expect(await accountTableCounts(services)).toEqual(before);
  });

  it('refuses an invite code that was already used and creates nothing', async () => {
    const code = await newInvite(services);
    await register(services, registration(uniqueUsername(), code), uniqueAddress());
    const before = await accountTableCounts(services);
    await expectRefusal(
      register(services, registration(uniqueUsername(), code), uniqueAddress()),
      InvalidInputError,
      'Invalid or already used invite code',
    );
    expect(await accountTableCounts(services)).toEqual(before);
  });

  it('refuses a username taken in another case with a conflict, and leaves the invite unused', async () => {
    const username = uniqueUsername('Taken');
    await register(services, registration(username, await newInvite(services)), uniqueAddress());
    const code = await newInvite(services);
    const before = await accountTableCounts(services);
    await expectRefusal(
      register(services, registration(username.toUpperCase(), code, { email: 'someone-else@example.com' }), uniqueAddress()),
      ConflictError,
      'This username is already taken',
    );
    expect(await accountTableCounts(services)).toEqual(before);
    expect((await services.db.inviteCode.findUniqueOrThrow({ where: { code } })).usedAt).toBeNull();
  });

  it('refuses an e-mail address taken in another case with a conflict and creates nothing', async () => {
    const username = uniqueUsername();
    await register(services, registration(username, await newInvite(services)), uniqueAddress());
    const code = await newInvite(services);
    const before = await accountTableCounts(services);
    await expectRefusal(
      register(services, registration(uniqueUsername(), code, { email: `${username.toUpperCase()}@EXAMPLE.COM` }), uniqueAddress()),
      ConflictError,
      'An account with this email already exists',
    );
    expect(await accountTableCounts(services)).toEqual(before);
  });

  it.each([
    ['a username with a space', { username: 'bad name' }, 'Username may only contain letters, numbers, hyphens, and underscores'],
    ['a username with punctuation', { username: 'bad!name' }, 'Username may only contain letters, numbers, hyphens, and underscores'],
    ['a username with an accented letter', { username: 'émile' }, 'Username may only contain letters, numbers, hyphens, and underscores'],
    ['a username of 31 characters', { username: 'u'.repeat(31) }, 'Username must be at most 30 characters'],
    ['a blank username', { username: '   ' }, 'Username is required'],
    ['a number as the username', { username: 42 }, 'Username must be text'],
    ['an invalid e-mail', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['an e-mail without a domain', { email: 'someone@' }, 'Please enter a valid email address'],
    ['a password of 7 characters', { password: '1234567' }, 'Password must be at least 8 characters'],
    ['a password of 257 characters', { password: 'p'.repeat(257) }, 'Password must be at most 256 characters'],
    ['a display name of 51 characters', { displayName: 'd'.repeat(51) }, 'Display name must be at most 50 characters'],
    ['a number as the display name', { displayName: 7 }, 'Display name must be text'],
    ['a missing invite code', { inviteCode: undefined }, 'Invite code is required'],
    ['a blank invite code', { inviteCode: '  ' }, 'Invite code is required'],
    ['an over-long invite code', { inviteCode: 'A'.repeat(65) }, 'Invalid invite code'],
    ['a missing password', { password: undefined }, 'Password is required'],
    ['a missing e-mail', { email: undefined }, 'Email is required'],
  ])('refuses %s and creates nothing', async (_name, override, message) => {
    const code = await newInvite(services);
    const before = await accountTableCounts(services);
    await expectRefusal(register(services, registration(uniqueUsername(), code, override), uniqueAddress()), InvalidInputError, message);
    expect(await accountTableCounts(services)).toEqual(before);
  });

  it.each([
    ['null', null],
    ['a string', 'username'],
    ['an array', [1, 2]],
    ['a number', 42],
  ])('refuses %s instead of an object', async (_name, input) => {
    const before = await accountTableCounts(services);
    await expectRefusal(register(services, input, uniqueAddress()), InvalidInputError, 'The request body must be a JSON object');
    expect(await accountTableCounts(services)).toEqual(before);
  });

  it('accepts the limits themselves: a password of 8 and of 256 characters and a display name of 50', async () => {
    const short = await register(
      services,
      registration(uniqueUsername(), await newInvite(services), { password: '12345678', displayName: 'd'.repeat(50) }),
      uniqueAddress(),
    );
    expect(short.user.displayName).toBe('d'.repeat(50));
    const long = await register(
      services,
      registration(uniqueUsername(), await newInvite(services), { password: 'p'.repeat(256) }),
      uniqueAddress(),
    );
    expect((await login(services, { usernameOrEmail: long.user.username, password: 'p'.repeat(256) }, '10.0.0.1')).user.id).toBe(
      long.user.id,
    );
  });

  it('lets only one of several concurrent registrations with one code succeed', async () => {
    const code = await newInvite(services);
    const names = Array.from({ length: 5 }, () => uniqueUsername('racer'));
    const results = await Promise.allSettled(names.map((name) => register(services, registration(name, code), uniqueAddress())));
    const succeeded = results.filter((r) => r.status === 'fulfilled');
    expect(succeeded).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') {
        expect(result.reason).toBeInstanceOf(InvalidInputError);
        expect(result.reason.message).toBe('Invalid or already used invite code');
      }
    }
    expect(await services.db.user.count({ where: { username: { in: names } } })).toBe(1);
  });
});

describe('login', () => {
  it('signs in by username or e-mail in any case and opens a new session each time', async () => {
    const { user, password } = await signUp(services, { username: uniqueUsername('Mixed') });
    for (const usernameOrEmail of [user.username, user.username.toUpperCase(), user.email.toUpperCase(), `  ${user.email} `]) {
      const result = await login(services, { usernameOrEmail, password }, '10.0.1.1');
      expect(result.user).toEqual(user);
      expect(result.user).not.toHaveProperty('passwordHash');
      expect((await viewerOf(result.token)).id).toBe(user.id);
    }
    expect(await services.db.session.count({ where: { userId: user.id } })).toBe(5);
  });

  it('refuses a wrong password and an unknown user with the same message, and opens no session', async () => {
    const { user } = await signUp(services);
    const sessions = await services.db.session.count();
    await expectRefusal(
      login(services, { usernameOrEmail: user.username, password: 'wrong password' }, '10.0.1.2'),
      UnauthenticatedError,
      'Invalid username or password',
    );
    await expectRefusal(
      login(services, { usernameOrEmail: 'nobody-at-all', password: 'wrong password' }, '10.0.1.2'),
      UnauthenticatedError,
      'Invalid username or password',
    );
    expect(await services.db.session.count()).toBe(sessions);
  });

  it.each([
    ['a missing username', { password: 'x' }, 'Username or email is required'],
    ['a blank username', { usernameOrEmail: '  ', password: 'x' }, 'Username or email is required'],
    ['a missing password', { usernameOrEmail: 'someone' }, 'Password is required'],
    ['an empty password', { usernameOrEmail: 'someone', password: '' }, 'Password is required'],
    ['a number as the username', { usernameOrEmail: 5, password: 'x' }, 'Username or email must be text'],
    ['an over-long username', { usernameOrEmail: 'u'.repeat(255), password: 'x' }, 'Username or email must be at most 254 characters'],
    ['an over-long password', { usernameOrEmail: 'someone', password: 'p'.repeat(257) }, 'Password must be at most 256 characters'],
  ])('refuses %s without counting a failed attempt', async (_name, input, message) => {
    const before = await accountTableCounts(services);
    await expectRefusal(login(services, input, '10.0.1.3'), InvalidInputError, message);
    expect(await accountTableCounts(services)).toEqual(before);
  });
});

describe('sessions', () => {
  it('stops a token from working once its session is closed, and leaves the other sessions open', async () => {
    const { user, token, password } = await signUp(services);
    const other = await login(services, { usernameOrEmail: user.username, password }, '10.0.2.1');
    await closeSession(services, await viewerOf(token));
    expect(await viewerFromBearerToken(services, token)).toBeNull();
    expect((await viewerOf(other.token)).id).toBe(user.id);
  });

  it('knows no viewer for an unknown token', async () => {
    expect(await viewerFromBearerToken(services, 'no-such-token')).toBeNull();
  });
});

describe('updateProfile', () => {
  it('accepts a display name of 50 characters, trimmed', async () => {
    const { token } = await signUp(services);
    const viewer = await viewerOf(token);
    const name = 'n'.repeat(50);
    expect((await updateProfile(services, viewer, { displayName: ` ${name} ` })).displayName).toBe(name);
    expect((await getAccount(services, viewer)).displayName).toBe(name);
  });

  it('refuses a display name of 51 characters and changes nothing', async () => {
    const { token } = await signUp(services);
    const viewer = await viewerOf(token);
    await updateProfile(services, viewer, { displayName: 'Before' });
    await expectRefusal(
      updateProfile(services, viewer, { displayName: 'n'.repeat(51) }),
      InvalidInputError,
      'Display name must be at most 50 characters',
    );
    expect((await getAccount(services, viewer)).displayName).toBe('Before');
  });

  it.each([
    ['blank', '   '],
    ['empty', ''],
    ['null', null],
  ])('clears the display name when it is %s', async (_name, displayName) => {
    const { token } = await signUp(services);
    const viewer = await viewerOf(token);
    await updateProfile(services, viewer, { displayName: 'Someone' });
    expect((await updateProfile(services, viewer, { displayName })).displayName).toBeNull();
    expect((await getAccount(services, viewer)).displayName).toBeNull();
  });

  it.each([
    ['a missing display name', {}, 'Display name is required'],
    ['a number', { displayName: 12 }, 'Display name must be text'],
    ['a non-object', 'Someone', 'The request body must be a JSON object'],
  ])('refuses %s and changes nothing', async (_name, input, message) => {
    const { token } = await signUp(services);
    const viewer = await viewerOf(token);
    await updateProfile(services, viewer, { displayName: 'Kept' });
    await expectRefusal(updateProfile(services, viewer, input), InvalidInputError, message);
    expect((await getAccount(services, viewer)).displayName).toBe('Kept');
  });
});

describe('changePassword', () => {
  it('refuses a wrong current password and changes nothing', async () => {
    const { user, token, password } = await signUp(services);
    const other = await login(services, { usernameOrEmail: user.username, password }, '10.0.3.1');
    const before = await accountTableCounts(services);
    await expectRefusal(
      changePassword(services, await viewerOf(token), { currentPassword: 'not the password', newPassword: 'a brand new one' }),
      InvalidInputError,
      'Current password is incorrect',
    );
    expect(await accountTableCounts(services)).toEqual(before);
    expect(await viewerFromBearerToken(services, other.token)).not.toBeNull();
  });

  it.each([
    ['a new password of 7 characters', { newPassword: '1234567' }, 'New password must be at least 8 characters'],
    ['a new password of 257 characters', { newPassword: 'p'.repeat(257) }, 'New password must be at most 256 characters'],
    ['a missing current password', { currentPassword: undefined }, 'Current password is required'],
    ['a missing new password', { newPassword: undefined }, 'New password is required'],
  ])('refuses %s and changes nothing', async (_name, override, message) => {
    const { token, password } = await signUp(services);
    const before = await accountTableCounts(services);
    await expectRefusal(
      changePassword(services, await viewerOf(token), { currentPassword: password, newPassword: 'a brand new one', ...override }),
      InvalidInputError,
      message,
    );
    expect(await accountTableCounts(services)).toEqual(before);
  });

  it('sets the new password and revokes the other sessions but keeps the current one', async () => {
    const { user, token, password } = await signUp(services);
    const other = await login(services, { usernameOrEmail: user.username, password }, '10.0.3.2');
    const third = await login(services, { usernameOrEmail: user.username, password }, '10.0.3.2');
    const bystander = await signUp(services);
    await changePassword(services, await viewerOf(token), { currentPassword: password, newPassword: 'a brand new one' });
    expect((await viewerOf(token)).id).toBe(user.id);
    expect(await viewerFromBearerToken(services, other.token)).toBeNull();
    expect(await viewerFromBearerToken(services, third.token)).toBeNull();
    expect(await viewerFromBearerToken(services, bystander.token)).not.toBeNull();
    await expectRefusal(
      login(services, { usernameOrEmail: user.username, password }, '10.0.3.2'),
      UnauthenticatedError,
      'Invalid username or password',
    );
    expect((await login(services, { usernameOrEmail: user.username, password: 'a brand new one' }, '10.0.3.2')).user.id).toBe(user.id);
  });
});
