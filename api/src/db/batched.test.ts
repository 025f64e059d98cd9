import { describe, expect, it } from 'vitest';
import { batched, findBatched } from './batched.ts';

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

type Row = { id: string; name: string };
const rows: Row[] = [
  { id: 'a', name: 'Ada' },
  { id: 'b', name: 'Bo' },
];

/** A load that records the keys of each call and finds them in `rows`. */
function recordingLoad() {
  const calls: string[][] = [];
  const load = async (keys: string[]) => {
    calls.push(keys);
    return rows.filter((row) => keys.includes(row.id));
  };
  return { calls, load };
}

describe('findBatched', () => {
  it('looks up the keys of one tick in one load and answers each its own row', async () => {
    const client = {};
    const { calls, load } = recordingLoad();
    const found = await Promise.all(['b', 'a', 'missing'].map((key) => findBatched(client, 'row', key, load, (row) => row.id)));
    expect(found).toEqual([rows[1], rows[0], undefined]);
    expect(calls).toEqual([['b', 'a', 'missing']]);
  });

  it('starts a new batch on the next tick, so a key is looked up again rather than answered from before', async () => {
    const client = {};
    const { calls, load } = recordingLoad();
    await findBatched(client, 'row', 'a', load, (row) => row.id);
    await findBatched(client, 'row', 'a', load, (row) => row.id);
    expect(calls).toEqual([['a'], ['a']]);
  });

  it('keeps batches of other names and other clients apart', async () => {
    const [one, two] = [{}, {}];
    const first = recordingLoad();
    const second = recordingLoad();
    const third = recordingLoad();
    await Promise.all([
      findBatched(one, 'row', 'a', first.load, (row) => row.id),
      findBatched(one, 'other row', 'b', second.load, (row) => row.id),
      findBatched(two, 'row', 'b', third.load, (row) => row.id),
    ]);
    expect([first.calls, second.calls, third.calls]).toEqual([[['a']], [['b']], [['b']]]);
  });

  it('rejects every lookup of a batch whose load failed', async () => {
    const failing = async (): Promise<Row[]> => {
      throw new Error('database down');
    };
    const lookups = ['a', 'b'].map((key) => findBatched({}, 'row', key, failing, (row) => row.id));
    for (const lookup of lookups) await expect(lookup).rejects.toThrow('database down');
  });
});

describe('batched, as an event reaches many waiting callers', () => {
  it('sends together the calls made a few promise jobs apart in one tick', async () => {
    const batches: number[][] = [];
    const double = batched(async (inputs: number[]) => {
      batches.push(inputs);
      return inputs.map((input) => input * 2);
    });
    const afterJobs = async (input: number, jobs: number) => {
      for (let job = 0; job < jobs; job++) await Promise.resolve();
      return double(input);
    };
    expect(await Promise.all([afterJobs(1, 0), afterJobs(2, 3), afterJobs(3, 6)])).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });
});
