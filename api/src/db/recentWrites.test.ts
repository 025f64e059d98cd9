import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { redisAnswers, TEST_REDIS_URL } from '../../test/socialFixtures.ts';
import { createRecentWrites, inProcessRecentWrites, REMEMBER_WRITES_MS, type RecentWrites } from './recentWrites.ts';

/** What both stores do: keep each user's furthest write. */
function keepsTheFurthestWrite(store: () => RecentWrites) {
  it('keeps each user’s furthest write, whatever order the notes arrive in', async () => {
    const writes = store();
    const [reader, other] = [randomUUID(), randomUUID()];
    expect(await writes.lastWrite(reader)).toBeNull();
    await writes.record(reader, 0x1_0000_0200n);
    await writes.record(reader, 0x1_0000_0100n); // a slower request of the same reader, noted later
    await writes.record(other, 5n);
    expect(await writes.lastWrite(reader)).toBe(0x1_0000_0200n);
    expect(await writes.lastWrite(other)).toBe(5n);
    await writes.record(reader, 0x2_0000_0000n);
    expect(await writes.lastWrite(reader)).toBe(0x2_0000_0000n);
  });
}

describe('in-process recent writes', () => {
  keepsTheFurthestWrite(() => inProcessRecentWrites());

  it('forgets a write after a minute', async () => {
    const clock = { now: 0 };
    const writes = inProcessRecentWrites(() => clock.now);
    await writes.record('reader', 7n);
    clock.now = REMEMBER_WRITES_MS - 1;
    expect(await writes.lastWrite('reader')).toBe(7n);
    clock.now = REMEMBER_WRITES_MS;
    expect(await writes.lastWrite('reader')).toBeNull();
  });
});

const redisUp = await redisAnswers();

describe.skipIf(!redisUp)(`recent writes in Redis (${TEST_REDIS_URL})`, () => {
  const stores: RecentWrites[] = [];
  afterAll(() => Promise.all(stores.map((writes) => writes.close())));
  const store = () => {
    const writes = createRecentWrites(TEST_REDIS_URL);
    stores.push(writes);
    return writes;
  };

  keepsTheFurthestWrite(store);

  it('is shared by the processes of the instance', async () => {
    const [api1, api2] = [store(), store()];
    const reader = randomUUID();
    await api1.record(reader, 42n);
    expect(await api2.lastWrite(reader)).toBe(42n);
  });
});

it('cannot say while its Redis does not answer, so the reader reads the primary', async () => {
  const writes = createRecentWrites('redis://127.0.0.1:1');
  await expect(writes.lastWrite('reader')).rejects.toThrow();
  await writes.close();
});
