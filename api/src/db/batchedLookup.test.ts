import { describe, expect, it } from 'vitest';
import { findBatched } from './batchedLookup.ts';

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
