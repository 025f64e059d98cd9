import type { Services } from './services.ts';
import { RateLimitedError } from './errors.ts';
import { hashToken } from './secrets.ts';

/** Failed logins allowed per window, per account and per client address (OWASP: throttle both). */
export const LOGIN_LIMITS = {
  account: { points: 10, windowSeconds: 15 * 60 },
  address: { points: 50, windowSeconds: 15 * 60 },
} as const;

type Scope = keyof typeof LOGIN_LIMITS;
type Counter = { key: string; scope: Scope };

/**
 * Whom a login attempt is counted against: the account when the identifier names one (so its username and its
 * e-mail share one allowance), else the identifier itself, so unknown names are limited alike and a refusal
 * tells nothing about which accounts exist.
 */
export type LoginTarget = { userId: string } | { identifier: string };

function countersFor(target: LoginTarget, clientAddress: string): Counter[] {
  const account = 'userId' in target ? `user:${target.userId}` : `name:${target.identifier.trim().toLowerCase()}`;
  // The account part is hashed, so any identifier up to the input limit fits the key column (varchar 255).
  return [
    { key: `login:account:${hashToken(account)}`, scope: 'account' },
    { key: `login:address:${clientAddress}`, scope: 'address' },
  ];
}

function refusal(secondsLeft: number): RateLimitedError {
  const minutes = Math.max(1, Math.ceil(secondsLeft / 60));
  return new RateLimitedError(
    `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    secondsLeft,
  );
}

/** Throws RateLimitedError while the account or the address has used up its failed attempts. */
export async function assertLoginAllowed(services: Services, target: LoginTarget, clientAddress: string): Promise<void> {
  const now = Date.now();
  const counters = countersFor(target, clientAddress);
  const rows = await services.db.rateLimit.findMany({ where: { key: { in: counters.map((c) => c.key) } } });
  for (const row of rows) {
    const { scope } = counters.find((c) => c.key === row.key)!;
    const expire = Number(row.expire ?? 0);
    if (expire > now && row.points >= LOGIN_LIMITS[scope].points) throw refusal(Math.ceil((expire - now) / 1000));
  }
}

/** Counts one failed attempt against the account and the address; state lives in PostgreSQL, shared by all replicas. */
export async function recordFailedLogin(services: Services, target: LoginTarget, clientAddress: string): Promise<void> {
  const now = Date.now();
  for (const { key, scope } of countersFor(target, clientAddress)) {
    const expire = BigInt(now + LOGIN_LIMITS[scope].windowSeconds * 1000);
    await services.db.$executeRaw`
      INSERT INTO rate_limits (key, points, expire) VALUES (${key}, 1, ${expire})
      ON CONFLICT (key) DO UPDATE SET
        points = CASE WHEN rate_limits.expire <= ${BigInt(now)} THEN 1 ELSE rate_limits.points + 1 END,
        expire = CASE WHEN rate_limits.expire <= ${BigInt(now)} THEN EXCLUDED.expire ELSE rate_limits.expire END`;
  }
}

/** Forgets the account's failed attempts after a successful login. */
export async function clearFailedLogins(services: Services, target: LoginTarget, clientAddress: string): Promise<void> {
  const [account] = countersFor(target, clientAddress);
  await services.db.rateLimit.deleteMany({ where: { key: account!.key } });
}
