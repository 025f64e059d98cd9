import { describe, expect, it } from 'vitest';
import { uniqueUsername } from '../../../test/fixtures.ts';
import { signUp } from '../../../test/server.ts';
import { createTestServices } from '../../../test/services.ts';
import { login } from './accounts.ts';
import { RateLimitedError, UnauthenticatedError } from '../core/errors.ts';
import { LOGIN_THROTTLE, loginDelaySeconds } from './loginThrottle.ts';

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

/** Moves the clock of every login counter `seconds` forward (its last failure that much further in the past). */
async function elapse(seconds: number) {
  await services.db.$executeRaw`UPDATE rate_limits SET expire = expire - ${BigInt(seconds * 1000)} WHERE key LIKE 'login:%'`;
}

async function expectWait(error: Error | null, seconds: number) {
  expect(error).toBeInstanceOf(RateLimitedError);
  // One second of slack: the refusal rounds the time left up.
  expect((error as RateLimitedError).retryAfterSeconds).toBeGreaterThanOrEqual(seconds - 1);
  expect((error as RateLimitedError).retryAfterSeconds).toBeLessThanOrEqual(seconds);
}

const { free } = LOGIN_THROTTLE.pair;

describe('the login throttle', () => {
  it('never stops the owner signing in from another address, however long a stranger guesses', async () => {
    const { user, password } = await signUp(services);
    for (let round = 0; round < 12; round += 1) {
      await attempt(user.username, 'wrong password', '10.1.0.1');
      await elapse(LOGIN_THROTTLE.maxDelaySeconds);
    }
    await failTimes(1, user.username, '10.1.0.1');
    expect(await attempt(user.username, password, '10.1.0.1')).toBeInstanceOf(RateLimitedError);
    expect(await attempt(user.username, password, '10.1.0.2')).toBeNull();
    expect(await attempt(user.email, password, '10.1.0.3')).toBeNull();
  });

  it('lets the free failures through, then makes each attempt wait 2, 4, 8 … seconds, at most 15 minutes', async () => {
    const { user, password } = await signUp(services);
    await failTimes(free, user.username, '10.1.1.1');
    let expected = 2;
    for (let extra = 0; extra < 12; extra += 1) {
      const refused = await attempt(user.username, password, '10.1.1.1');
      await expectWait(refused, Math.min(expected, 15 * 60));
      expect(refused!.message).toMatch(/^Too many failed login attempts\. Please try again in \d+ (seconds?|minutes)\.$/);
      await elapse(Math.min(expected, 15 * 60));
      await failTimes(1, user.username, '10.1.1.1');
      expected *= 2;
    }
    const capped = await attempt(user.username, password, '10.1.1.1');
    await expectWait(capped, 15 * 60);
    expect(capped!.message).toBe('Too many failed login attempts. Please try again in 15 minutes.');
    expect(await services.db.session.count({ where: { userId: user.id } })).toBe(1);
  }, 60_000);

  it('lets the right password in once the delay is waited out, and forgets the pair failures then', async () => {
    const { user, password } = await signUp(services);
    await failTimes(free, user.username, '10.1.2.1');
    expect(await attempt(user.username, password, '10.1.2.1')).toBeInstanceOf(RateLimitedError);
    await elapse(loginDelaySeconds(free, free));
    expect(await attempt(user.username, password, '10.1.2.1')).toBeNull();
    await failTimes(free, user.username, '10.1.2.1');
  });

  it('counts failures against the account whether it is named by username or e-mail, in any case', async () => {
    const { user, password } = await signUp(services);
    for (let i = 0; i < free; i += 1) {
      const name = [user.username, user.email, user.username.toUpperCase(), user.email.toUpperCase()][i % 4]!;
      expect(await attempt(name, 'wrong password', '10.1.3.1')).toBeInstanceOf(UnauthenticatedError);
    }
    expect(await attempt(user.email, password, '10.1.3.1')).toBeInstanceOf(RateLimitedError);
    expect(await attempt(user.username, password, '10.1.3.1')).toBeInstanceOf(RateLimitedError);
  });

  it('slows one address guessing across many accounts, while other addresses still sign in', async () => {
    const { user, password } = await signUp(services);
    for (let i = 0; i < LOGIN_THROTTLE.address.free; i += 1) {
      expect(await attempt(uniqueUsername('ghost'), 'wrong password', '10.1.4.1')).toBeInstanceOf(UnauthenticatedError);
    }
    await expectWait(await attempt(user.username, password, '10.1.4.1'), 2);
    expect(await attempt(user.username, password, '10.1.4.2')).toBeNull();
    await elapse(2);
    expect(await attempt(user.username, password, '10.1.4.1')).toBeNull();
  }, 60_000);

  it('answers a known and an unknown name alike, so a refusal does not tell whether an account exists', async () => {
    const { user } = await signUp(services);
    const answers = async (name: string, address: string) => {
      const seen: string[] = [];
      for (let i = 0; i <= free; i += 1) {
        const error = await attempt(name, 'wrong password', address);
        seen.push(`${error?.constructor.name}: ${error?.message} ${error instanceof RateLimitedError ? error.retryAfterSeconds : ''}`);
      }
      return seen;
    };
    const known = await answers(user.username, '10.1.5.1');
    expect(known.at(-1)).toMatch(/^RateLimitedError/);
    expect(await answers(uniqueUsername('nobody'), '10.1.5.2')).toEqual(known);
  });

  it('keeps its counters in the rate_limits table of PostgreSQL, keyed by hashes and the address', async () => {
    const { user } = await signUp(services);
    await failTimes(3, user.username, '10.1.6.1');
    const rows = await services.db.$queryRaw<{ key: string; expire: bigint }[]>`
      SELECT key, expire FROM rate_limits WHERE key LIKE 'login:%' AND points = 3`;
    expect(rows.map((row) => row.key.replace(/[0-9a-f]{64}/, 'HASH')).sort()).toEqual(['login:address:10.1.6.1', 'login:pair:HASH']);
    for (const row of rows) expect(Number(row.expire)).toBeGreaterThan(Date.now() + 23 * 3600 * 1000);
  });

  it('throttles an IPv6 client by its /64, whichever of its addresses it guesses from', async () => {
    const { user, password } = await signUp(services);
    for (let i = 0; i < free; i += 1) await failTimes(1, user.username, `2001:db8:1:8::${i + 1}`);
    expect(await attempt(user.username, password, '2001:db8:1:8:ffff:ffff:ffff:ffff')).toBeInstanceOf(RateLimitedError);
    expect(await attempt(user.username, password, '2001:db8:1:9::1')).toBeNull();
    const rows = await services.db.rateLimit.findMany({ where: { key: { startsWith: 'login:address:2001:db8:1:8' } } });
    expect(rows.map((row) => [row.key, row.points])).toEqual([['login:address:2001:db8:1:8::/64', free]]);
  });

  it('counts a failed attempt with the longest identifier allowed without an error of its own', async () => {
    const identifier = `${'a'.repeat(240)}@example.com`;
    expect(await attempt(identifier, 'wrong password', '10.1.7.1')).toBeInstanceOf(UnauthenticatedError);
    expect(await attempt('b'.repeat(254), 'wrong password', '10.1.7.1')).toBeInstanceOf(UnauthenticatedError);
  });
});
