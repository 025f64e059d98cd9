import { describe, expect, it, vi } from 'vitest';
import type { PrismaClient } from '../../db/prisma.ts';
import { sharedInstanceActivity } from './instanceActivity.ts';

/** A database whose every statement answers one empty row, counting them; `failing` makes the first one fail. */
function countingDatabase(failing = false) {
  let first = failing;
  const $queryRaw = vi.fn(async () => {
    if (first) {
      first = false;
      throw new Error('connection lost');
    }
    return [{}];
  });
  return { db: { $queryRaw } as unknown as PrismaClient, statements: () => $queryRaw.mock.calls.length };
}

const week = { start: new Date('2026-11-15T06:00:00Z'), end: new Date('2026-11-22T06:00:00Z') };

describe('sharedInstanceActivity', () => {
  it('computes a period once for all the digests of its week, and each database apart', async () => {
    const one = countingDatabase();
    const other = countingDatabase();
    const [a, b] = await Promise.all([
      sharedInstanceActivity(one.db, week.start, week.end),
      sharedInstanceActivity(one.db, week.start, week.end),
    ]);
    expect(a).toBe(b);
    const perComputation = one.statements();
    await sharedInstanceActivity(other.db, week.start, week.end);
    expect(other.statements()).toBe(perComputation);
    await sharedInstanceActivity(one.db, week.start, new Date('2026-11-22T07:00:00Z'));
    expect(one.statements()).toBe(2 * perComputation);
  });

  it('forgets a failed computation, so that the retried job computes it again', async () => {
    const flaky = countingDatabase(true);
    await expect(sharedInstanceActivity(flaky.db, week.start, week.end)).rejects.toThrow('connection lost');
    await expect(sharedInstanceActivity(flaky.db, week.start, week.end)).resolves.toMatchObject({ mostShared: [{}] });
  });
});
