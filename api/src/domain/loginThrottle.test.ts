import { describe, expect, it } from 'vitest';
import { uniqueUsername } from '../../test/fixtures.ts';
import { signUp } from '../../test/server.ts';
import { createTestServices } from '../../test/services.ts';
import { login } from './accounts.ts';
import { RateLimitedError, UnauthenticatedError } from './errors.ts';
import { LOGIN_LIMITS } from './loginThrottle.ts';

const services = await createTestServices();

/** The error a login attempt fails with, or null when it succeeds. */
async function attempt(usernameOrEmail: string, password: string, address: string): Promise<Error | null> {
  return login(services, { usernameOrEmail, password }, address).then(
    () => null,
    (error: Error) => error,
  );
}

async function failTimes(times: number, usernameOrEmail: string, address: string) {
  for (let i = 0; i < times; i += 1) expect(await attempt(usernameOrEmail, 'wrong password', address)).toBeInstanceOf(UnauthenticatedError);
}

describe('the login rate limit', () => {
  it('refuses an account after 10 failed attempts, even with the right password, and says when to retry', async () => {
    const { user, password } = await signUp(services);
    await failTimes(LOGIN_LIMITS.account.points, user.username, '10.1.0.1');
    const refused = await attempt(user.username, password, '10.1.0.2');
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect(refused!.message).toBe('Too many failed login attempts. Please try again in 15 minutes.');
    expect((refused as RateLimitedError).retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect((refused as RateLimitedError).retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    expect(await services.db.session.count({ where: { userId: user.id } })).toBe(1);
  });

  it('keeps its counters in the rate_limits table of PostgreSQL', async () => {
    const { user } = await signUp(services);
    await failTimes(3, user.username, '10.1.1.1');
    const rows = await services.db.$queryRaw<{ key: string; points: number; expire: bigint }[]>`
      SELECT key, points, expire FROM rate_limits WHERE key LIKE 'login:%' AND points = 3`;
    expect(rows.length).toBe(2);
    for (const row of rows) expect(Number(row.expire)).toBeGreaterThan(Date.now());
  });

  it('counts failures against the account whether it is named by username or e-mail, in any case', async () => {
    const { user, password } = await signUp(services);
    for (let i = 0; i < LOGIN_LIMITS.account.points; i += 1) {
      const name = [user.username, user.email, user.username.toUpperCase(), user.email.toUpperCase()][i % 4]!;
      expect(await attempt(name, 'wrong password', `10.1.2.${i}`)).toBeInstanceOf(UnauthenticatedError);
    }
    expect(await attempt(user.email, password, '10.1.2.99')).toBeInstanceOf(RateLimitedError);
    expect(await attempt(user.username, password, '10.1.2.99')).toBeInstanceOf(RateLimitedError);
  });

  it('does not lock out other accounts when one is refused', async () => {
    const locked = await signUp(services);
    const other = await signUp(services);
    await failTimes(LOGIN_LIMITS.account.points, locked.user.username, '10.1.3.1');
    expect(await attempt(locked.user.username, locked.password, '10.1.3.2')).toBeInstanceOf(RateLimitedError);
    expect(await attempt(other.user.username, other.password, '10.1.3.2')).toBeNull();
  });

  it('refuses a client address after 50 failed attempts on any accounts, while other addresses still sign in', async () => {
    const { user, password } = await signUp(services);
    for (let i = 0; i < LOGIN_LIMITS.address.points; i += 1) {
      expect(await attempt(uniqueUsername('ghost'), 'wrong password', '10.1.4.1')).toBeInstanceOf(UnauthenticatedError);
    }
    const refused = await attempt(user.username, password, '10.1.4.1');
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect(refused!.message).toMatch(/^Too many failed login attempts\. Please try again in \d+ minutes?\.$/);
    expect(await attempt(user.username, password, '10.1.4.2')).toBeNull();
  }, 60_000);

  it('limits unknown identifiers too, so a refusal does not tell whether an account exists', async () => {
    const name = uniqueUsername('nobody');
    await failTimes(LOGIN_LIMITS.account.points, name, '10.1.5.1');
    expect(await attempt(name, 'wrong password', '10.1.5.2')).toBeInstanceOf(RateLimitedError);
  });

  it('forgets the failed attempts of an account after a successful login', async () => {
    const { user, password } = await signUp(services);
    await failTimes(LOGIN_LIMITS.account.points - 1, user.username, '10.1.6.1');
    expect(await attempt(user.username, password, '10.1.6.1')).toBeNull();
    await failTimes(LOGIN_LIMITS.account.points - 1, user.username, '10.1.6.2');
    expect(await attempt(user.username, password, '10.1.6.3')).toBeNull();
  });

  it('lets the account in again once its window has passed', async () => {
    const { user, password } = await signUp(services);
    await failTimes(LOGIN_LIMITS.account.points, user.username, '10.1.7.1');
    expect(await attempt(user.username, password, '10.1.7.2')).toBeInstanceOf(RateLimitedError);
    await services.db.rateLimit.updateMany({ where: { key: { startsWith: 'login:' } }, data: { expire: BigInt(Date.now() - 1000) } });
    expect(await attempt(user.username, password, '10.1.7.2')).toBeNull();
  });

  it('counts a failed attempt with the longest identifier allowed without an error of its own', async () => {
    const identifier = `${'a'.repeat(240)}@example.com`;
    expect(identifier.length).toBe(252);
    expect(await attempt(identifier, 'wrong password', '10.1.8.1')).toBeInstanceOf(UnauthenticatedError);
    expect(await attempt('b'.repeat(254), 'wrong password', '10.1.8.1')).toBeInstanceOf(UnauthenticatedError);
  });
});
