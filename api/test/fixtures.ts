import { sendPasswordReset } from '../src/domain/accounts/passwordReset.ts';
import type { Services } from '../src/domain/core/services.ts';

let counter = 0;

/** A fresh unused invite code created by `createdById` (null: a bootstrap-style code, whose user becomes admin). */
export async function newInvite(services: Services, createdById: string | null = null): Promise<string> {
  counter += 1;
  const invite = await services.db.inviteCode.create({
    data: { code: `FIXTURE-CODE-${Date.now().toString(36).toUpperCase()}-${counter}`, createdById },
  });
  return invite.code;
}

/** A unique username that passes validation. */
export function uniqueUsername(prefix = 'reader'): string {
  counter += 1;
  return `${prefix}${counter}_${Date.now().toString(36)}`.slice(0, 30);
}

let addresses = 0;

/** A client address no other call of the test run uses, so per-address limits do not add up across tests. */
export function uniqueAddress(): string {
  addresses += 1;
  return `198.18.${(addresses >> 8) & 255}.${addresses & 255}`;
}

/** A valid registration body for `username`, with `inviteCode`. */
export function registration(username: string, inviteCode: string, overrides: Record<string, unknown> = {}) {
  return { username, email: `${username}@example.com`, password: 'correct horse battery', inviteCode, ...overrides };
}

/**
 * Row counts of every table the account flows write, to prove that a refused request changed nothing. The per-address
 * allowances of registration and reset requests are left out: every request that passes validation spends one.
 */
export async function accountTableCounts(services: Services) {
  const db = services.db;
  const [users, sessions, inviteCodes, usedInviteCodes, notifications, unreadNotifications, resetTokens, rateLimits] = await Promise.all([
    db.user.count(),
    db.session.count(),
    db.inviteCode.count(),
    db.inviteCode.count({ where: { usedAt: { not: null } } }),
    db.notification.count(),
    db.notification.count({ where: { read: false } }),
    db.passwordResetToken.count(),
    db.rateLimit.count({ where: { NOT: [{ key: { startsWith: 'register:' } }, { key: { startsWith: 'reset:' } }] } }),
  ]);
  const profiles = await db.user.findMany({ select: { id: true, displayName: true, passwordHash: true }, orderBy: { id: 'asc' } });
  return { users, sessions, inviteCodes, usedInviteCodes, notifications, unreadNotifications, resetTokens, rateLimits, profiles };
}

/** The four notifications every new account starts with. */
export const WELCOME_TYPES = ['welcome', 'onboarding_tools', 'onboarding_pdf', 'keyboard_shortcuts'] as const;

/** The invite-code format: four upper-case dictionary words, dash-separated. */
export const INVITE_CODE_PATTERN = /^[A-Z]+-[A-Z]+-[A-Z]+-[A-Z]+$/;

/** Runs the queued `send_password_reset` jobs as the worker would (tests run without one) and removes them. */
export async function runPasswordResetJobs(services: Services): Promise<void> {
  const jobs = await services.db.$queryRaw<{ id: bigint; payload: { email: string } }[]>`
    SELECT j.id, j.payload FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
    WHERE t.identifier = 'send_password_reset' ORDER BY j.id`;
  for (const job of jobs) await sendPasswordReset(services, job.payload.email);
  await services.db.$executeRaw`DELETE FROM graphile_worker._private_jobs WHERE id = ANY(${jobs.map((job) => job.id)})`;
}
