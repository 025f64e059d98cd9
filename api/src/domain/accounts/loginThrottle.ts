import type { Services } from '../core/services.ts';
import { RateLimitedError } from '../core/errors.ts';
import { addPoint, addressLimitKey, readCounters, waitText, type Counter } from '../core/rateLimits.ts';
import { hashToken } from './secrets.ts';

/**
 * Failed logins are throttled by growing delays, never by a lock: per pair (account, client address), so a stranger's
 * guesses slow down only the stranger and the owner still signs in from their own address, and per client address,
 * so one address cannot guess across many accounts. After `free` failures each further attempt waits 2, 4, 8 …
 * seconds after the last failure, at most `maxDelaySeconds`; a counter is forgotten `memorySeconds` after its last
 * failure (longer than the longest delay, so waiting out a delay does not reset it).
 */
export const LOGIN_THROTTLE = {
  pair: { free: 5, memorySeconds: 24 * 60 * 60 },
  address: { free: 50, memorySeconds: 24 * 60 * 60 },
  maxDelaySeconds: 15 * 60,
} as const;

type Scope = 'pair' | 'address';

/**
 * Whom a login attempt is counted against: the account when the identifier names one (so its username and its
 * e-mail share one allowance), else the identifier itself, so unknown names are throttled alike and a refusal
 * tells nothing about which accounts exist.
 */
export type LoginTarget = { userId: string } | { identifier: string };

function keysFor(target: LoginTarget, clientAddress: string): Record<Scope, string> {
  const account = 'userId' in target ? `user:${target.userId}` : `name:${target.identifier.trim().toLowerCase()}`;
  const address = addressLimitKey(clientAddress);
  // Hashed, so any identifier up to the input limit fits the key column (varchar 255).
  return { pair: `login:pair:${hashToken(`${account}\n${address}`)}`, address: `login:address:${address}` };
}

/** The delay before the next attempt after `failures` failures, in seconds (0 within the free ones). */
export function loginDelaySeconds(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(2 ** (failures - free + 1), LOGIN_THROTTLE.maxDelaySeconds);
}

/** Epoch milliseconds before which the counter's next attempt is refused; the last failure is `memory` before expiry. */
function nextAttemptAt(counter: Counter, scope: Scope): number {
  const { free, memorySeconds } = LOGIN_THROTTLE[scope];
  return counter.expire - memorySeconds * 1000 + loginDelaySeconds(counter.points, free) * 1000;
}

/** Throws RateLimitedError while the pair or the address must still wait after its last failure. */
export async function assertLoginAllowed(services: Services, target: LoginTarget, clientAddress: string): Promise<void> {
  const keys = keysFor(target, clientAddress);
  const counters = await readCounters(services, Object.values(keys));
  const now = Date.now();
  const waitUntil = Math.max(
    0,
    ...(['pair', 'address'] as const).map((scope) => {
      const counter = counters.get(keys[scope]);
      return counter ? nextAttemptAt(counter, scope) : 0;
    }),
  );
  if (waitUntil <= now) return;
  const seconds = Math.ceil((waitUntil - now) / 1000);
  throw new RateLimitedError(`Too many failed login attempts. Please try again in ${waitText(seconds)}.`, seconds);
}

/** Counts one failed attempt against the pair and the address. */
export async function recordFailedLogin(services: Services, target: LoginTarget, clientAddress: string): Promise<void> {
  const keys = keysFor(target, clientAddress);
  await addPoint(services, keys.pair, LOGIN_THROTTLE.pair.memorySeconds * 1000, true);
  await addPoint(services, keys.address, LOGIN_THROTTLE.address.memorySeconds * 1000, true);
}

/**
 * Forgets the pair's failures after a successful login. The address keeps its count: signing in to one's own
 * account must not wipe the record of guesses at others.
 */
export async function clearFailedLogins(services: Services, target: LoginTarget, clientAddress: string): Promise<void> {
  await services.db.rateLimit.deleteMany({ where: { key: keysFor(target, clientAddress).pair } });
}
