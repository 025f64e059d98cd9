import { z } from 'zod';
import { instanceName } from '../instance/instanceConfig.ts';
import { InvalidInputError, parseInput } from '../core/errors.ts';
import * as field from '../core/fields.ts';
import { announceNotifications, createNotifications } from '../notifications/notifications.ts';
import { spendAddressAllowance } from '../core/rateLimits.ts';
import { hashPassword, hashToken, newToken } from './secrets.ts';
import { deleteApiTokens } from './apiTokens.ts';
import { announceEndedSessions, endSessions } from './sessions.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { Services } from '../core/services.ts';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** Reset links one account can be sent per hour; more requests answer the same and send nothing (no flooding). */
export const RESET_REQUESTS_PER_HOUR = 3;
/** Reset requests one client address may make per hour, for any e-mail addresses. */
export const RESET_REQUEST_LIMIT = { points: 10, windowSeconds: 60 * 60, what: 'password reset requests' } as const;

/** The one answer to every reset request, so it reveals nothing about which e-mail addresses have accounts. */
export const RESET_REQUESTED_MESSAGE =
  'If an account exists for that email, a password reset link has been sent. Check your notifications (bell icon) for the reset link.';
export const RESET_LINK_CONTENT = 'Reset your password with the button below (valid for one hour).';
export const RESET_EMAILED_CONTENT =
  'A password reset was requested for your account; the link was sent to your e-mail address. If it was not you, ignore it.';
export const RESET_DONE_MESSAGE = 'Your password has been reset. Please sign in with your new password.';

const forgotInput = z.object({ email: field.email });
const resetInput = z.object({
  token: field.requiredText('Reset token').min(1, 'Reset token is required').max(200, 'Invalid or expired reset link'),
  newPassword: field.password('New password'),
});

/**
 * Starts a password reset. Whether an account has this e-mail is decided later, in the `send_password_reset` job
 * (`sendPasswordReset`): the request does the same work either way (one job enqueued), so neither its answer nor
 * its timing tells which addresses have accounts.
 */
export async function requestPasswordReset(services: Services, input: unknown, clientAddress: string): Promise<string> {
  const { email } = parseInput(forgotInput, input);
  await spendAddressAllowance(services, 'reset', RESET_REQUEST_LIMIT, clientAddress);
  await services.jobs.add(services.db, 'send_password_reset', { email });
  return RESET_REQUESTED_MESSAGE;
}

/**
 * When an account has this e-mail, delivers a single-use link valid for one hour as a notification (and by e-mail
 * when e-mail is configured), at most `RESET_REQUESTS_PER_HOUR` an hour; otherwise does nothing.
 */
export async function sendPasswordReset(services: Services, email: string): Promise<void> {
  const user = await services.db.user.findUnique({ where: { email }, select: { id: true, email: true } });
  if (!user) return;
  const recent = await services.db.passwordResetToken.count({
    where: { userId: user.id, createdAt: { gt: new Date(Date.now() - 60 * 60 * 1000) } },
  });
  if (recent >= RESET_REQUESTS_PER_HOUR) return;
  const created = await services.db.$transaction(async (tx) => {
    const link = await createResetLink(tx, services.config.publicUrl, user.id);
    // With e-mail, the link goes by e-mail only: a stolen session must not be able to turn itself into a new password.
    if (services.config.email) {
      const instance = await instanceName(tx);
      await services.jobs.add(tx, 'send_email', {
        to: user.email,
        subject: `Reset your ${instance} password`,
        text: `Someone asked to reset the password of your ${instance} account.\n\nOpen this link within one hour to choose a new one:\n${link}\n\nIf it was not you, ignore this e-mail.`,
      });
      return createNotifications(tx, [{ userId: user.id, type: 'password_reset', content: RESET_EMAILED_CONTENT }]);
    }
    return createNotifications(tx, [{ userId: user.id, type: 'password_reset', content: RESET_LINK_CONTENT, link }]);
  });
  announceNotifications(services, created);
}

/**
 * The one maker of reset links (the one sent by e-mail or notification, and the one an administrator makes): a new
 * single-use token valid for `RESET_TOKEN_TTL_MS`, stored only as its hash, in the caller's transaction; answers the
 * absolute link. The token is in the fragment, which browsers never send: it stays out of server logs, proxies and
 * Referer headers. Never log the link.
 */
export async function createResetLink(tx: Prisma.TransactionClient, publicUrl: string, userId: string): Promise<string> {
  const token = newToken();
  await tx.passwordResetToken.create({
    data: { userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) },
  });
  return `${publicUrl}/reset-password#token=${token}`;
}

/**
 * The update that ends every outstanding reset link of a user: once the password changes, an older link (perhaps
 * in a mailbox or a notification someone else saw) must not change it again. Expired, not deleted, so they still
 * count against the hourly number of links.
 */
export function expireOutstandingResets(userId: string, now: Date) {
  return { where: { userId, usedAt: null, expiresAt: { gt: now } }, data: { expiresAt: now } };
}

/**
 * Completes a reset: consumes the token, sets the new password, ends the account's other reset links, signs out
 * every session of the account and revokes its API tokens (whoever knew the old password may have made some).
 */
export async function resetPassword(services: Services, input: unknown): Promise<string> {
  const { token, newPassword } = parseInput(resetInput, input);
  const passwordHash = await hashPassword(newPassword);
  const ended = await services.db.$transaction(async (tx) => {
    const now = new Date();
    const record = await tx.passwordResetToken.findUnique({ where: { tokenHash: hashToken(token) } });
    const consumed =
      record &&
      (await tx.passwordResetToken.updateMany({ where: { id: record.id, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } }));
    if (!record || !consumed || consumed.count === 0) throw new InvalidInputError('Invalid or expired reset link');
    await tx.user.update({ where: { id: record.userId }, data: { passwordHash } });
    await tx.passwordResetToken.updateMany(expireOutstandingResets(record.userId, now));
    const sessions = await endSessions(tx, record.userId, { allBut: null });
    const tokens = await deleteApiTokens(tx, record.userId);
    return { userId: record.userId, sessionIds: [...sessions.sessionIds, ...tokens.map((apiToken) => apiToken.id)] };
  });
  announceEndedSessions(services, ended);
  return RESET_DONE_MESSAGE;
}
