import { describe, expect, it } from 'vitest';
import { batched } from './batched.ts';

/** A runner that records each batch it is given and answers each input doubled once `release` is called. */
function recordingRunner() {
  const batches: number[][] = [];
  const pending: (() => void)[] = [];
  const run = (inputs: number[]) => {
    batches.push(inputs);
    return new Promise<number[]>((resolve) => pending.push(() => resolve(inputs.map((input) => input * 2))));
  };
  const release = () => pending.splice(0).forEach((resume) => resume());
  return { run, batches, release };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('batched', () => {
  it('sends the calls of one tick together, and those made while a batch runs together in the next', async () => {
    const { run, batches, release } = recordingRunner();
    const double = batched(run);
    const first = [double(1), double(2)];
    await tick();
    const second = [double(3), double(4), double(5)];
    await tick();
    expect(batches).toEqual([[1, 2]]);
    release();
    await tick();
    expect(batches).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
    release();
    expect(await Promise.all([...first, ...second])).toEqual([2, 4, 6, 8, 10]);
  });

  it('runs a call made alone at once, and splits a long queue at the batch size', async () => {
    const { run, batches, release } = recordingRunner();
    const double = batched(run, 2);
    const alone = double(7);
    await tick();
    expect(batches).toEqual([[7]]);
    release();
    expect(await alone).toBe(14);
    const many = [1, 2, 3].map(double);
    for (let round = 0; round < 3; round++) {
      await tick();
      release();
    }
    expect(await Promise.all(many)).toEqual([2, 4, 6]);
    expect(batches.slice(1)).toEqual([[1, 2], [3]]);
  });

  it('runs a failed batch again call by call, so only the bad call fails, and goes on with the next batch', async () => {
    const batches: number[][] = [];
    const double = batched(async (inputs: number[]) => {
      batches.push(inputs);
      if (inputs.includes(-1)) throw new Error('refused');
      return inputs.map((input) => input * 2);
    });
    const calls = [double(1), double(-1), double(2)].map((call) => call.catch((error: Error) => error.message));
    expect(await Promise.all(calls)).toEqual([2, 'refused', 4]);
    expect(batches).toEqual([[1, -1, 2], [1], [-1], [2]]);
    expect(await double(3)).toBe(6);
  });
});
