import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { uniqueUsername } from '../../test/fixtures.ts';
import { signUp, startTestServer } from '../../test/server.ts';
import { buildApp } from '../app.ts';
import { createPrisma } from '../db/prisma.ts';
import { LOGIN_THROTTLE } from '../domain/accounts/loginThrottle.ts';
import { createEvents } from '../realtime/events.ts';
import { afterCaller } from '../../test/cleanup.ts';

/** The login rate limit over HTTP; its own file, since every request here comes from one client address. */
const server = await startTestServer();
const { services, rest } = server;

/** A second API replica over the same database, as docker-compose runs them. */
async function startSecondReplica() {
  const db = createPrisma(services.databaseUrl, 2);
  const app = await buildApp({ services: { ...services, db, events: createEvents() }, webDist: null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  afterCaller(async () => {
    await app.close();
    await db.$disconnect();
  });
  const { port } = app.server.address() as AddressInfo;
  return async (usernameOrEmail: string, password: string) => {
    const response = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ usernameOrEmail, password }),
    });
    return { status: response.status, headers: response.headers, body: await response.json() };
  };
}

const login = (usernameOrEmail: string, password: string) => rest('POST', '/auth/login', { body: { usernameOrEmail, password } });

describe('the login throttle over HTTP', () => {
  it('answers 429 with a clear message and Retry-After once a pair has used its free attempts, across two replicas', async () => {
    const replica = await startSecondReplica();
    const { user, password } = await signUp(services);
    for (let i = 0; i < LOGIN_THROTTLE.pair.free; i += 1) {
      // Alternate the replicas: the counter lives in PostgreSQL, not in either process.
      const response = i % 2 === 0 ? await login(user.username, 'wrong password') : await replica(user.email, 'wrong password');
      expect(response.status).toBe(401);
    }
    for (const response of [await replica(user.username, password), await login(user.email.toUpperCase(), password)]) {
      expect(response.status).toBe(429);
      expect(response.body.error).toMatch(/^Too many failed login attempts\. Please try again in [12] seconds?\.$/);
      const retryAfter = Number(response.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(2);
    }
    expect(await services.db.session.count({ where: { userId: user.id } })).toBe(1);
  });

  it('answers 429 to every account from a client address that has used its free attempts', async () => {
    await services.db.rateLimit.deleteMany({});
    const { user, password } = await signUp(services);
    for (let i = 0; i < LOGIN_THROTTLE.address.free; i += 1) {
      expect((await login(uniqueUsername('ghost'), 'wrong password')).status).toBe(401);
    }
    const refused = await login(user.username, password);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const [row] = await services.db.$queryRaw<{ points: number }[]>`SELECT points FROM rate_limits WHERE key = 'login:address:127.0.0.1'`;
    expect(row!.points).toBe(LOGIN_THROTTLE.address.free);
  }, 60_000);
});
