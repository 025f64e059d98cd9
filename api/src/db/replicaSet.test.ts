import { describe, expect, it } from 'vitest';
import { ReplicaSet, walPosition, type WalPosition } from './replicaSet.ts';

/** A primary and replicas whose positions the test sets, on a clock it moves. */
function scene(replicaCount: number) {
  const clock = { now: 0 };
  const primary = { position: 100n };
  const replicas = Array.from({ length: replicaCount }, (_, index) => ({
    name: `replica-${index + 1}`,
    replayed: 100n as WalPosition | null | Error,
  }));
  const changes: [number, string | null][] = [];
  const set = new ReplicaSet(
    async () => primary.position,
    replicas.map((replica) => ({
      clients: replica.name,
      replayed: async () => {
        if (replica.replayed instanceof Error) throw replica.replayed;
        return replica.replayed;
      },
    })),
    {
      checkIntervalMs: 1_000,
      maxLagMs: 5_000,
      now: () => clock.now,
      onReplicaChange: (index, problem) => changes.push([index, problem?.message ?? null]),
    },
  );
  set.close(); // the test runs the checks itself
  return { clock, primary, replicas, set, changes };
}

describe('walPosition', () => {
  it('reads pg_lsn text as a number that compares', () => {
    expect(walPosition('0/0')).toBe(0n);
    expect(walPosition('16/B374D848')).toBe(0x16b374d848n);
    expect(walPosition('1/0') > walPosition('0/FFFFFFFF')).toBe(true);
    expect(() => walPosition('16-B374D848')).toThrow('Not a WAL position: 16-B374D848');
  });
});

describe('ReplicaSet', () => {
  it('uses no replica before it has checked them', () => {
    expect(scene(1).set.pick()).toBeNull();
  });

  it('takes current replicas in turn', async () => {
    const { set } = scene(2);
    await set.check();
    expect([set.pick(), set.pick(), set.pick(), set.pick()]).toEqual(['replica-2', 'replica-1', 'replica-2', 'replica-1']);
  });

  it('keeps an idle primary’s replica current however long nothing is written', async () => {
    const { set, clock } = scene(1);
    for (let second = 0; second < 60; second++) {
      clock.now = second * 1_000;
      await set.check();
    }
    expect(set.pick()).toBe('replica-1');
  });

  it('skips a replica that has not replayed what the primary wrote more than maxLag ago, and takes it back once it has', async () => {
    const { set, clock, primary, replicas } = scene(2);
    await set.check();
    replicas[0]!.replayed = 100n; // stuck at the position of time 0
    for (let second = 1; second <= 6; second++) {
      clock.now = second * 1_000;
      primary.position = 100n + BigInt(second);
      replicas[1]!.replayed = primary.position;
      await set.check();
      // Current as of time 0 until five seconds have passed.
      expect(new Set([set.pick(), set.pick()])).toEqual(second <= 5 ? new Set(['replica-1', 'replica-2']) : new Set(['replica-2']));
    }
    replicas[0]!.replayed = 104n; // has now replayed what the primary had at time 4
    clock.now = 7_000;
    await set.check();
    expect(new Set([set.pick(), set.pick()])).toEqual(new Set(['replica-1', 'replica-2']));
  });

  it('uses only a replica that has replayed the reader’s own last write', async () => {
    const { set, primary, replicas } = scene(2);
    primary.position = 200n;
    replicas[0]!.replayed = 150n;
    replicas[1]!.replayed = 200n;
    await set.check();
    expect([set.pick(180n), set.pick(180n)]).toEqual(['replica-2', 'replica-2']);
    expect(set.pick(201n)).toBeNull();
    expect(set.pick(150n)).not.toBeNull();
  });

  it('skips a replica at once when it stops answering or is not a standby, and says so once', async () => {
    const { set, replicas, changes } = scene(2);
    await set.check();
    replicas[0]!.replayed = new Error('connect ECONNREFUSED');
    replicas[1]!.replayed = null; // promoted: pg_last_wal_replay_lsn() is null
    await set.check();
    await set.check();
    expect(set.pick()).toBeNull();
    expect(changes).toEqual([
      [0, 'connect ECONNREFUSED'],
      [1, 'not a standby: pg_last_wal_replay_lsn() is null (a primary, or promoted)'],
    ]);
    replicas[0]!.replayed = 100n;
    await set.check();
    expect(set.pick()).toBe('replica-1');
    expect(changes.at(-1)).toEqual([0, null]);
  });

  it('goes on checking, on its timer, the other replicas while one does not answer at all', async () => {
    // On the real clock: positions grow with it, and a replica is skipped once a second behind.
    const set = new ReplicaSet(
      async () => BigInt(Date.now()),
      [
        { clients: 'replica-1', replayed: () => new Promise<never>(() => {}) },
        { clients: 'replica-2', replayed: async () => BigInt(Date.now()) },
      ],
      { checkIntervalMs: 20, maxLagMs: 1_000 },
    );
    try {
      expect(set.pick()).toBeNull(); // the first pick starts the checks
      await new Promise((resolve) => setTimeout(resolve, 1_300));
      expect([set.pick(), set.pick()]).toEqual(['replica-2', 'replica-2']);
    } finally {
      set.close();
    }
  });

  it('judges nothing current while the primary does not answer', async () => {
    const { set, clock, primary } = scene(1);
    await set.check();
    Object.defineProperty(primary, 'position', {
      get: () => {
        throw new Error('primary down');
      },
    });
    clock.now = 6_000;
    await set.check();
    expect(set.pick()).toBeNull();
  });
});
