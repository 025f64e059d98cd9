import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { concurrently } from './seed.ts';

/** A stand-in for a connection: each statement takes the milliseconds its text names; answers what it ran, in order. */
function fakeClient(log: string[][], running: Set<string>, overlaps: string[][]) {
  const ran: string[] = [];
  log.push(ran);
  return {
    query: async (sql: string) => {
      running.add(sql);
      if (running.size > 1) overlaps.push([...running]);
      await new Promise((resolve) => setTimeout(resolve, Number(sql.split(' ')[1])));
      running.delete(sql);
      ran.push(sql);
    },
  } as unknown as pg.Client;
}

describe('running the seed’s statements on two connections', () => {
  it('runs each statement once, each connection taking the next as it finishes', async () => {
    const log: string[][] = [];
    const running = new Set<string>();
    const overlaps: string[][] = [];
    const clients = [fakeClient(log, running, overlaps), fakeClient(log, running, overlaps)];
    const timed: string[] = [];
    await concurrently(clients, ['long 60', 'short 5', 'short 6', 'short 7'], (sql) => timed.push(sql));
    // The long statement keeps the first connection; the second takes the three short ones meanwhile.
    expect(log).toEqual([['long 60'], ['short 5', 'short 6', 'short 7']]);
    expect(timed.sort()).toEqual(['long 60', 'short 5', 'short 6', 'short 7']);
    expect(overlaps.length).toBeGreaterThan(0);
  });

  it('fails with the statement that failed', async () => {
    const failing = { query: async () => Promise.reject(new Error('syntax error')) } as unknown as pg.Client;
    await expect(concurrently([failing], ['SELECT'])).rejects.toThrow('syntax error');
  });
});
