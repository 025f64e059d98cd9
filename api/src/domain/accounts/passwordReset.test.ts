import { describe, expect, it } from 'vitest';
import { accountTableCounts, uniqueAddress, runPasswordResetJobs } from '../../../test/fixtures.ts';
import { signUp } from '../../../test/server.ts';
import { createTestServices } from '../../../test/services.ts';
import { changePassword, login } from './accounts.ts';
import { InvalidInputError, UnauthenticatedError } from '../core/errors.ts';
import {
  RESET_DONE_MESSAGE,
  RESET_EMAILED_CONTENT,
  RESET_LINK_CONTENT,
  RESET_REQUESTED_MESSAGE,
  requestPasswordReset,
  resetPassword,
} from './passwordReset.ts';
import { hashToken } from './secrets.ts';
import { viewerFromBearerToken } from './credentials.ts';

const services = await createTestServices();

/** Asks for a reset of `email` and returns the token from the link in the user's newest notification. */
async function tokenFromNotification(userId: string, email: string): Promise<string> {
  expect(await requestPasswordReset(services, { email }, uniqueAddress())).toBe(RESET_REQUESTED_MESSAGE);
  await runPasswordResetJobs(services);
  const notification = await services.db.notification.findFirstOrThrow({
    where: { userId, type: 'password_reset' },
    orderBy: { id: 'desc' },
  });
  const match = /http:\/\/tidings\.test\/reset-password#token=([A-Za-z0-9_-]+)/.exec(notification.link ?? '');
  expect(match).not.toBeNull();
  return match![1]!;
}

async function refusal(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: Error) => error,
  );
}

describe('requestPasswordReset', () => {
  it('answers the same message for an unknown e-mail and creates nothing', async () => {
    await signUp(services);
    const before = await accountTableCounts(services);
    expect(await requestPasswordReset(services, { email: 'nobody@example.com' }, uniqueAddress())).toBe(RESET_REQUESTED_MESSAGE);
    await runPasswordResetJobs(services);
    expect(await accountTableCounts(services)).toEqual(before);
  });

  it('delivers a notification whose link carries PUBLIC_URL/reset-password#token=…, storing only the hash of the token', async () => {
    const { user } = await signUp(services);
    const token = await tokenFromNotification(user.id, user.email.toUpperCase());
    const notification = await services.db.notification.findFirstOrThrow({ where: { userId: user.id, type: 'password_reset' } });
    expect(notification.link).toBe(`http://tidings.test/reset-password#token=${token}`);
    expect(notification.content).toBe(RESET_LINK_CONTENT);
    expect(notification.read).toBe(false);
    const stored = await services.db.passwordResetToken.findFirstOrThrow({ where: { userId: user.id } });
    expect(stored.tokenHash).toBe(hashToken(token));
    expect(stored.usedAt).toBeNull();
    const ttl = stored.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(59 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(60 * 60 * 1000);
  });

  it.each([
    ['an invalid e-mail', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['a missing e-mail', {}, 'Email is required'],
    ['a number', { email: 5 }, 'Email must be text'],
    ['a non-object', 'someone@example.com', 'The request body must be a JSON object'],
  ])('refuses %s and creates nothing', async (_name, input, message) => {
    const before = await accountTableCounts(services);
    const error = await refusal(requestPasswordReset(services, input, uniqueAddress()));
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error.message).toBe(message);
    expect(await accountTableCounts(services)).toEqual(before);
  });
});

describe('requestPasswordReset throttling', () => {
  it('sends at most three reset links an hour per account, answering the same message every time', async () => {
    const { user } = await signUp(services);
    for (let request = 0; request < 5; request += 1) {
      expect(await requestPasswordReset(services, { email: user.email }, uniqueAddress())).toBe(RESET_REQUESTED_MESSAGE);
      await runPasswordResetJobs(services);
    }
    expect(await services.db.passwordResetToken.count({ where: { userId: user.id } })).toBe(3);
    expect(await services.db.notification.count({ where: { userId: user.id, type: 'password_reset' } })).toBe(3);
  });
});

describe('resetPassword', () => {
  it('sets the new password with the token once, and revokes every session of the account', async () => {
    const { user, token: session, password } = await signUp(services);
    const other = await login(services, { usernameOrEmail: user.username, password }, '10.2.0.1');
    const bystander = await signUp(services);
    const token = await tokenFromNotification(user.id, user.email);

    expect(await resetPassword(services, { token, newPassword: 'a fresh password' })).toBe(RESET_DONE_MESSAGE);
    expect(await viewerFromBearerToken(services, session)).toBeNull();
    expect(await viewerFromBearerToken(services, other.token)).toBeNull();
    expect(await viewerFromBearerToken(services, bystander.token)).not.toBeNull();
    expect(await refusal(login(services, { usernameOrEmail: user.username, password }, '10.2.0.1'))).toBeInstanceOf(UnauthenticatedError);
    expect((await login(services, { usernameOrEmail: user.username, password: 'a fresh password' }, '10.2.0.1')).user.id).toBe(user.id);

    const hashBefore = (await services.db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash;
    const reused = await refusal(resetPassword(services, { token, newPassword: 'yet another one' }));
    expect(reused).toBeInstanceOf(InvalidInputError);
    expect(reused.message).toBe('Invalid or expired reset link');
    expect((await services.db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).toBe(hashBefore);
  });

  it('ends every other outstanding reset link of the account, and a password change ends them all', async () => {
    const { user } = await signUp(services);
    const older = await tokenFromNotification(user.id, user.email);
    const newer = await tokenFromNotification(user.id, user.email);
    const bystander = await signUp(services);
    const bystanderToken = await tokenFromNotification(bystander.user.id, bystander.user.email);
    expect(await resetPassword(services, { token: newer, newPassword: 'a fresh password' })).toBe(RESET_DONE_MESSAGE);
    const stale = await refusal(resetPassword(services, { token: older, newPassword: 'an attacker password' }));
    expect(stale.message).toBe('Invalid or expired reset link');

    const pending = await tokenFromNotification(user.id, user.email);
    const viewer = (await viewerFromBearerToken(
      services,
      (await login(services, { usernameOrEmail: user.username, password: 'a fresh password' }, '10.2.1.1')).token,
    ))!;
    await changePassword(services, viewer, { currentPassword: 'a fresh password', newPassword: 'changed by its owner' });
    expect((await refusal(resetPassword(services, { token: pending, newPassword: 'an attacker password' }))).message).toBe(
      'Invalid or expired reset link',
    );
    expect((await login(services, { usernameOrEmail: user.username, password: 'changed by its owner' }, '10.2.1.1')).user.id).toBe(user.id);
    expect(await resetPassword(services, { token: bystanderToken, newPassword: 'a fresh password' })).toBe(RESET_DONE_MESSAGE);
  });

  it('refuses an expired token and changes nothing', async () => {
    const { user, token: session } = await signUp(services);
    const token = await tokenFromNotification(user.id, user.email);
    await services.db.passwordResetToken.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const before = await accountTableCounts(services);
    const error = await refusal(resetPassword(services, { token, newPassword: 'a fresh password' }));
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error.message).toBe('Invalid or expired reset link');
    expect(await accountTableCounts(services)).toEqual(before);
    expect(await viewerFromBearerToken(services, session)).not.toBeNull();
    expect((await services.db.passwordResetToken.findFirstOrThrow({ where: { userId: user.id } })).usedAt).toBeNull();
  });

  it('refuses an unknown token and changes nothing', async () => {
    await signUp(services);
    const before = await accountTableCounts(services);
    const error = await refusal(resetPassword(services, { token: 'made-up-token', newPassword: 'a fresh password' }));
    expect(error.message).toBe('Invalid or expired reset link');
    expect(await accountTableCounts(services)).toEqual(before);
  });

  it('refuses a short new password without using up the token', async () => {
    const { user } = await signUp(services);
    const token = await tokenFromNotification(user.id, user.email);
    const before = await accountTableCounts(services);
    const error = await refusal(resetPassword(services, { token, newPassword: '1234567' }));
    expect(error.message).toBe('New password must be at least 8 characters');
    expect(await accountTableCounts(services)).toEqual(before);
    expect(await resetPassword(services, { token, newPassword: '12345678' })).toBe(RESET_DONE_MESSAGE);
  });

  it.each([
    ['a missing token', { newPassword: 'a fresh password' }, 'Reset token is required'],
    ['a number as the token', { token: 7, newPassword: 'a fresh password' }, 'Reset token must be text'],
    ['an over-long token', { token: 't'.repeat(201), newPassword: 'a fresh password' }, 'Invalid or expired reset link'],
    ['a missing password', { token: 'whatever' }, 'New password is required'],
    ['an over-long password', { token: 'whatever', newPassword: 'p'.repeat(257) }, 'New password must be at most 256 characters'],
    ['an array', ['token'], 'The request body must be a JSON object'],
  ])('refuses %s and changes nothing', async (_name, input, message) => {
    const before = await accountTableCounts(services);
    const error = await refusal(resetPassword(services, input));
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error.message).toBe(message);
    expect(await accountTableCounts(services)).toEqual(before);
  });
});

describe('requestPasswordReset with e-mail configured', async () => {
  const mailing = await createTestServices({ POSTMARK_SERVER_TOKEN: 'server-token', EMAIL_FROM: 'tidings@example.org' });

  it('sends the link by e-mail only; the notification says a reset was requested, without the link', async () => {
    const { user } = await signUp(mailing);
    expect(await requestPasswordReset(mailing, { email: user.email }, uniqueAddress())).toBe(RESET_REQUESTED_MESSAGE);
    await runPasswordResetJobs(mailing);
    const notification = await mailing.db.notification.findFirstOrThrow({ where: { userId: user.id, type: 'password_reset' } });
    expect(notification).toMatchObject({ content: RESET_EMAILED_CONTENT, link: null });
    const [email] = await mailing.db.$queryRaw<{ payload: { to: string; text: string } }[]>`
      SELECT j.payload FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
      WHERE t.identifier = 'send_email'`;
    expect(email!.payload.to).toBe(user.email);
    const token = /http:\/\/tidings\.test\/reset-password#token=([A-Za-z0-9_-]{43})/.exec(email!.payload.text)![1]!;
    expect(await resetPassword(mailing, { token, newPassword: 'a fresh password' })).toBe(RESET_DONE_MESSAGE);
  });
});
