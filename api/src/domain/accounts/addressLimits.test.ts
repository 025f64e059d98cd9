import { describe, expect, it } from 'vitest';
import { newInvite, registration, uniqueUsername } from '../../../test/fixtures.ts';
import { signUp } from '../../../test/server.ts';
import { createTestServices } from '../../../test/services.ts';
import { REGISTRATION_LIMIT, register } from './accounts.ts';
import { InvalidInputError, RateLimitedError } from '../core/errors.ts';
import { RESET_REQUEST_LIMIT, RESET_REQUESTED_MESSAGE, requestPasswordReset } from './passwordReset.ts';

const services = await createTestServices();

async function outcome(promise: Promise<unknown>): Promise<Error | null> {
  return promise.then(
    () => null,
    (error: Error) => error,
  );
}

function expectHourLimit(error: Error | null, message: string) {
  expect(error).toBeInstanceOf(RateLimitedError);
  expect(error!.message).toBe(message);
  expect((error as RateLimitedError).status).toBe(429);
  expect((error as RateLimitedError).retryAfterSeconds).toBeGreaterThan(59 * 60);
  expect((error as RateLimitedError).retryAfterSeconds).toBeLessThanOrEqual(60 * 60);
}

describe('per-address limits', () => {
  it('counts every registration attempt of an address, wrong invite codes included, and refuses the eleventh in an hour', async () => {
    expect(REGISTRATION_LIMIT.points).toBe(10);
    for (let i = 0; i < REGISTRATION_LIMIT.points; i += 1) {
      const code = i % 2 ? 'NO-SUCH-CODE' : await newInvite(services);
      const error = await outcome(register(services, registration(uniqueUsername(), code), '10.3.0.1'));
      expect(error === null || error instanceof InvalidInputError).toBe(true);
    }
    const users = await services.db.user.count();
    const refused = await outcome(register(services, registration(uniqueUsername(), await newInvite(services)), '10.3.0.1'));
    expectHourLimit(refused, 'Too many registrations from your network. Please try again in 60 minutes.');
    expect(await services.db.user.count()).toBe(users);
    expect(await outcome(register(services, registration(uniqueUsername(), await newInvite(services)), '10.3.0.2'))).toBeNull();
  });

  it('does not spend the allowance on input that fails validation', async () => {
    for (let i = 0; i < REGISTRATION_LIMIT.points + 2; i += 1) {
      expect(await outcome(register(services, { username: 'x' }, '10.3.1.1'))).toBeInstanceOf(InvalidInputError);
    }
    expect(await outcome(register(services, registration(uniqueUsername(), await newInvite(services)), '10.3.1.1'))).toBeNull();
  });

  it('refuses the eleventh reset request of an address in an hour, for known and unknown e-mails alike', async () => {
    const { user } = await signUp(services);
    for (let i = 0; i < RESET_REQUEST_LIMIT.points; i += 1) {
      const email = i % 2 ? user.email : `nobody${i}@example.com`;
      expect(await requestPasswordReset(services, { email }, '10.3.2.1')).toBe(RESET_REQUESTED_MESSAGE);
    }
    const message = 'Too many password reset requests from your network. Please try again in 60 minutes.';
    expectHourLimit(await outcome(requestPasswordReset(services, { email: user.email }, '10.3.2.1')), message);
    expectHourLimit(await outcome(requestPasswordReset(services, { email: 'nobody@example.com' }, '10.3.2.1')), message);
    expect(await requestPasswordReset(services, { email: 'nobody@example.com' }, '10.3.2.2')).toBe(RESET_REQUESTED_MESSAGE);
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped address as its IPv4 address', async () => {
    const network = (i: number) => `2001:db8:3:4:${i.toString(16)}::${i + 1}`;
    for (let i = 0; i < REGISTRATION_LIMIT.points; i += 1) {
      expect(await outcome(register(services, registration(uniqueUsername(), await newInvite(services)), network(i)))).toBeNull();
    }
    const users = await services.db.user.count();
    const refused = await outcome(register(services, registration(uniqueUsername(), await newInvite(services)), '2001:db8:3:4::abcd%eth0'));
    expectHourLimit(refused, 'Too many registrations from your network. Please try again in 60 minutes.');
    expect(await services.db.user.count()).toBe(users);
    expect(await outcome(register(services, registration(uniqueUsername(), await newInvite(services)), '2001:db8:3:5::1'))).toBeNull();

    for (let i = 0; i < RESET_REQUEST_LIMIT.points; i += 1) {
      const address = i % 2 ? '10.3.4.1' : '::ffff:10.3.4.1';
      expect(await requestPasswordReset(services, { email: 'a@example.com' }, address)).toBe(RESET_REQUESTED_MESSAGE);
    }
    expect(await outcome(requestPasswordReset(services, { email: 'a@example.com' }, '::ffff:10.3.4.1'))).toBeInstanceOf(RateLimitedError);
    expect(await outcome(requestPasswordReset(services, { email: 'a@example.com' }, '10.3.4.1'))).toBeInstanceOf(RateLimitedError);
    expect(await requestPasswordReset(services, { email: 'a@example.com' }, '10.3.4.2')).toBe(RESET_REQUESTED_MESSAGE);
  });

  it('opens a new window once the hour has passed', async () => {
    for (let i = 0; i < RESET_REQUEST_LIMIT.points; i += 1) await requestPasswordReset(services, { email: 'a@example.com' }, '10.3.3.1');
    expect(await outcome(requestPasswordReset(services, { email: 'a@example.com' }, '10.3.3.1'))).toBeInstanceOf(RateLimitedError);
    await services.db.rateLimit.updateMany({ where: { key: 'reset:address:10.3.3.1' }, data: { expire: BigInt(Date.now() - 1) } });
    expect(await requestPasswordReset(services, { email: 'a@example.com' }, '10.3.3.1')).toBe(RESET_REQUESTED_MESSAGE);
  });
});
