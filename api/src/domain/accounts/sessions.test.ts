import { describe, expect, it, vi } from 'vitest';
import { signUp } from '../../../test/server.ts';
import { createTestServices } from '../../../test/services.ts';
import type { Services } from '../core/services.ts';
import { hashToken } from './secrets.ts';
import { deleteExpiredSessions, isSessionOpen, viewerFromSessionToken } from './sessions.ts';

// Tight limits, so that backdating a row by a few days crosses them.
const services = await createTestServices({ SESSION_IDLE_DAYS: '3', SESSION_MAX_DAYS: '10' });
const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

/** A signed-up user's session, its row backdated to `createdAt` and `lastUsedAt` days ago. */
async function sessionAged(ages: { createdDaysAgo: number; usedDaysAgo: number }) {
  const { user, token } = await signUp(services);
  const session = await services.db.session.update({
    where: { tokenHash: hashToken(token) },
    data: { createdAt: daysAgo(ages.createdDaysAgo), lastUsedAt: daysAgo(ages.usedDaysAgo) },
  });
  return { userId: user.id, token, sessionId: session.id };
}

const sessionExists = async (id: string) => (await services.db.session.count({ where: { id } })) === 1;

/** Spies on what `run` publishes. */
async function announced(run: () => Promise<unknown>): Promise<unknown[][]> {
  const publish = vi.spyOn(services.events, 'publish');
  try {
    await run();
    return publish.mock.calls.filter(([channel]) => channel === 'session:ended');
  } finally {
    publish.mockRestore();
  }
}

describe('session expiry (idle 3 days, absolute 10 days here)', () => {
  it('keeps a session used within the idle limit and younger than the absolute limit', async () => {
    const { userId, token, sessionId } = await sessionAged({ createdDaysAgo: 9, usedDaysAgo: 2.9 });
    expect(await viewerFromSessionToken(services, token)).toMatchObject({ id: userId, credential: { kind: 'session', id: sessionId } });
    expect(await isSessionOpen(services, sessionId)).toBe(true);
    // Using it moves its idle limit on.
    const row = await services.db.session.findUniqueOrThrow({ where: { id: sessionId } });
    expect(Date.now() - row.lastUsedAt.getTime()).toBeLessThan(60_000);
  });

  it.each([
    ['unused for longer than the idle limit', { createdDaysAgo: 5, usedDaysAgo: 3.1 }],
    ['older than the absolute limit, though used a minute ago', { createdDaysAgo: 10.1, usedDaysAgo: 1 / 1440 }],
  ])('refuses a token whose session is %s, deletes the session and announces its end', async (_case, ages) => {
    const { userId, token, sessionId } = await sessionAged(ages);
    const calls = await announced(async () => expect(await viewerFromSessionToken(services, token)).toBeNull());
    expect(await sessionExists(sessionId)).toBe(false);
    expect(calls).toEqual([['session:ended', userId, { sessionIds: [sessionId] }]]);
  });

  it.each([
    ['idle for too long', { createdDaysAgo: 5, usedDaysAgo: 3.1 }],
    ['too old', { createdDaysAgo: 10.1, usedDaysAgo: 0 }],
  ])('answers that a session %s is not open (the check of live connections), and ends it', async (_case, ages) => {
    const { userId, sessionId } = await sessionAged(ages);
    const calls = await announced(async () => expect(await isSessionOpen(services, sessionId)).toBe(false));
    expect(await sessionExists(sessionId)).toBe(false);
    expect(calls).toEqual([['session:ended', userId, { sessionIds: [sessionId] }]]);
  });

  it('counts the limits from the configuration: the defaults keep what this instance refuses', async () => {
    const { token } = await sessionAged({ createdDaysAgo: 20, usedDaysAgo: 5 });
    const defaults: Services = { ...services, config: { ...services.config, sessionIdleDays: 30, sessionMaxDays: 365 } };
    expect(await viewerFromSessionToken(defaults, token)).not.toBeNull();
    expect(await viewerFromSessionToken(services, token)).toBeNull();
  });

  it('deletes every expired session in the daily sweep, announces each user’s, and keeps the others', async () => {
    const idle = await sessionAged({ createdDaysAgo: 5, usedDaysAgo: 4 });
    const old = await sessionAged({ createdDaysAgo: 11, usedDaysAgo: 0 });
    const fresh = await sessionAged({ createdDaysAgo: 9, usedDaysAgo: 2 });
    let deleted = 0;
    const calls = await announced(async () => (deleted = await deleteExpiredSessions(services)));
    expect(deleted).toBeGreaterThanOrEqual(2);
    expect(await sessionExists(idle.sessionId)).toBe(false);
    expect(await sessionExists(old.sessionId)).toBe(false);
    expect(await sessionExists(fresh.sessionId)).toBe(true);
    expect(calls).toEqual(
      expect.arrayContaining([
        ['session:ended', idle.userId, { sessionIds: [idle.sessionId] }],
        ['session:ended', old.userId, { sessionIds: [old.sessionId] }],
      ]),
    );
    expect(calls.some(([, userId]) => userId === fresh.userId)).toBe(false);
  });
});
