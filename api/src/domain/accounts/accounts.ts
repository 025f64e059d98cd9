import { z } from 'zod';
import { REGISTRATION_REFUSALS } from '@tidings/shared/registration';
import { Prisma } from '../../generated/prisma/client.ts';
import { lockRegistrationRules } from '../instance/instanceConfig.ts';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError, UnauthenticatedError, parseInput } from '../core/errors.ts';
import * as field from '../core/fields.ts';
import { PASSWORD_MAX } from '@tidings/shared/limits';
import { mayKnowCredentialSecrets, requireAccountAccess } from '../access/access.ts';
import { assertLoginAllowed, clearFailedLogins, recordFailedLogin } from './loginThrottle.ts';
import { announceNotifications, createNotifications, welcomeNotifications } from '../notifications/notifications.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from './secrets.ts';
import { expireOutstandingResets } from './passwordReset.ts';
import { spendAddressAllowance } from '../core/rateLimits.ts';
import { announceEndedSessions, endSessions, openSession } from './sessions.ts';
import type { Services, Viewer } from '../core/services.ts';

/** The user fields every account answer carries; the password hash never leaves the domain. */
export const accountSelect = {
  id: true,
  username: true,
  email: true,
  displayName: true,
  avatarUrl: true,
  role: true,
  createdAt: true,
} satisfies Prisma.UserSelect;

export type Account = Prisma.UserGetPayload<{ select: typeof accountSelect }>;

const registerInput = z.object({
  username: field.username,
  email: field.email,
  password: field.password(),
  displayName: field.displayName,
  inviteCode: field.requiredText('Invite code').trim().toUpperCase().min(1, 'Invite code is required').max(64, 'Invalid invite code'),
});

const loginInput = z.object({
  usernameOrEmail: field
    .requiredText('Username or email')
    .trim()
    .min(1, 'Username or email is required')
    .max(254, 'Username or email must be at most 254 characters'),
  password: field
    .requiredText('Password')
    .min(1, 'Password is required')
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
});

// A PATCH that names no display name must not clear it: the key is required, its value may be blank or null.
const profileInput = z.object({ displayName: field.givenDisplayName });

const passwordChangeInput = z.object({
  currentPassword: field
    .requiredText('Current password')
    .min(1, 'Current password is required')
    .max(PASSWORD_MAX, `Current password must be at most ${PASSWORD_MAX} characters`),
  newPassword: field.password('New password'),
});

/** Registrations one client address may attempt per hour (each valid request counts, so invite codes cannot be guessed at speed). */
export const REGISTRATION_LIMIT = { points: 10, windowSeconds: 60 * 60, what: 'registrations' } as const;

export const REGISTRATION_CLOSED = 'Registration is closed on this instance';
export const INSTANCE_FULL = 'This instance has reached its maximum number of users';

function conflictOnDuplicate(error: unknown): never {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
    const target = JSON.stringify(error.meta ?? {});
    if (target.includes('email')) throw new ConflictError(REGISTRATION_REFUSALS.email);
    if (target.includes('username')) throw new ConflictError(REGISTRATION_REFUSALS.username);
  }
  throw error;
}

/**
 * Creates an account with a single-use invite code and signs it in. The account registered with the
 * bootstrap invite becomes the administrator. Username and e-mail are unique regardless of case. Each client
 * address may try `REGISTRATION_LIMIT` times an hour. The instance's settings may refuse it (403, the invite stays
 * unused): closed registration refuses every invite but the bootstrap one, and maxUsers (0: unlimited) caps the
 * number of accounts, counted in the transaction that inserts, under the settings row's lock.
 */
export async function register(services: Services, input: unknown, clientAddress: string): Promise<{ user: Account; token: string }> {
  const data = parseInput(registerInput, input);
  await spendAddressAllowance(services, 'register', REGISTRATION_LIMIT, clientAddress);
  const passwordHash = await hashPassword(data.password);
  const { user, token, notifications } = await services.db
    .$transaction(async (tx) => {
      const now = new Date();
      const rules = await lockRegistrationRules(tx);
      const invite = await tx.inviteCode.findUnique({ where: { code: data.inviteCode } });
      // The bootstrap invite (no creator) still works, so a closed instance without users can get its administrator.
      if (!rules.allowRegistration && (!invite || invite.createdById !== null)) throw new ForbiddenError(REGISTRATION_CLOSED);
      if (rules.maxUsers > 0 && (await tx.user.count()) >= rules.maxUsers) throw new ForbiddenError(INSTANCE_FULL);
      // Claiming with a conditional update makes a code single-use even under concurrent registrations.
      const claimed = invite && (await tx.inviteCode.updateMany({ where: { id: invite.id, usedAt: null }, data: { usedAt: now } }));
      if (!invite || !claimed || claimed.count === 0) throw new InvalidInputError(REGISTRATION_REFUSALS.inviteCode);
      const user = await tx.user.create({
        data: {
          username: data.username,
          email: data.email,
          displayName: data.displayName,
          passwordHash,
          role: invite.createdById === null ? 'admin' : 'user',
        },
        select: accountSelect,
      });
      await tx.inviteCode.update({ where: { id: invite.id }, data: { usedById: user.id } });
      const notifications = await createNotifications(tx, welcomeNotifications(user.id));
      return { user, token: await openSession(tx, user.id), notifications };
    })
    .catch(conflictOnDuplicate);
  announceNotifications(services, notifications);
  services.log.info({ userId: user.id, role: user.role }, 'account registered');
  return { user, token };
}

/**
 * Signs in by username or e-mail (either case) and opens a session. Failed attempts are throttled per
 * (account, client address) and per client address; the answer never tells which of the two fields was wrong, and
 * an unknown name costs the same password verification as a known one.
 */
export async function login(services: Services, input: unknown, clientAddress: string): Promise<{ user: Account; token: string }> {
  const { usernameOrEmail, password } = parseInput(loginInput, input);
  const found = await services.db.user.findFirst({
    where: { OR: [{ username: usernameOrEmail }, { email: usernameOrEmail }] },
    select: { ...accountSelect, passwordHash: true },
  });
  // Counted per account, so its username and its e-mail share one allowance.
  const target = found ? { userId: found.id } : { identifier: usernameOrEmail };
  await assertLoginAllowed(services, target, clientAddress);
  const valid = await verifyPassword(found?.passwordHash ?? (await decoyPasswordHash()), password);
  if (!found || !valid) {
    await recordFailedLogin(services, target, clientAddress);
    throw new UnauthenticatedError('Invalid username or password');
  }
  await clearFailedLogins(services, target, clientAddress);
  const { passwordHash: _, ...user } = found;
  return { user, token: await openSession(services.db, user.id) };
}

/** An account as its viewer sees it: without the e-mail address when they signed in with an API token. */
export type AccountView = Omit<Account, 'email'> & { email: string | null };

/** The viewer's own account. */
export async function getAccount(services: Services, viewer: Viewer): Promise<AccountView> {
  const user = await services.db.user.findUnique({ where: { id: viewer.id }, select: accountSelect });
  if (!user) throw new NotFoundError('User not found');
  return { ...user, email: accountEmailFor(viewer, user) };
}

/** The user's e-mail address as the viewer may see it: their own, and only through a session (access.ts). */
export function accountEmailFor(viewer: Viewer | null, user: { id: string; email: string }): string | null {
  return viewer?.id === user.id && mayKnowCredentialSecrets(viewer) ? user.email : null;
}

/** Sets the viewer's display name; blank clears it (the username is shown instead). */
export async function updateProfile(services: Services, viewer: Viewer, input: unknown): Promise<Account> {
  requireAccountAccess(viewer);
  const { displayName } = parseInput(profileInput, input);
  return services.db.user.update({ where: { id: viewer.id }, data: { displayName }, select: accountSelect });
}

/** Changes the viewer's password after checking the current one, signs out every other session and ends every reset link. */
export async function changePassword(services: Services, viewer: Viewer, input: unknown): Promise<Account> {
  requireAccountAccess(viewer);
  const { currentPassword, newPassword } = parseInput(passwordChangeInput, input);
  const current = await services.db.user.findUnique({ where: { id: viewer.id }, select: { passwordHash: true } });
  if (!current || !(await verifyPassword(current.passwordHash, currentPassword))) {
    throw new InvalidInputError('Current password is incorrect');
  }
  const passwordHash = await hashPassword(newPassword);
  const { user, ended } = await services.db.$transaction(async (tx) => {
    const user = await tx.user.update({ where: { id: viewer.id }, data: { passwordHash }, select: accountSelect });
    await tx.passwordResetToken.updateMany(expireOutstandingResets(viewer.id, new Date()));
    return { user, ended: await endSessions(tx, viewer.id, { allBut: viewer.credential.id }) };
  });
  announceEndedSessions(services, ended);
  return user;
}
