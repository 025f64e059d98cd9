import { describe, expect, it } from 'vitest';
import { MediaSlots, type ReleaseSlot } from './mediaSlots.ts';

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('MediaSlots', () => {
  it('lets at most perHost run for a host and total in all, the others waiting their turn', async () => {
    const slots = new MediaSlots(3, 2);
    const never = new AbortController().signal;
    const started: string[] = [];
    const releases: ReleaseSlot[] = [];
    for (const host of ['a', 'a', 'a', 'b', 'c']) {
      void slots.take(host, never).then((release) => {
        started.push(host);
        releases.push(release);
      });
    }
    await settled();
    expect(started).toEqual(['a', 'a', 'b']); // the third for a waits; c waits for the total
    expect(slots.counts).toEqual({ running: 3, waiting: 2 });
    releases[0]!();
    releases[0]!(); // a second release gives nothing back twice
    await settled();
    expect(started).toEqual(['a', 'a', 'b', 'a']);
    releases[2]!();
    await settled();
    expect(started).toEqual(['a', 'a', 'b', 'a', 'c']);
    expect(slots.counts).toEqual({ running: 3, waiting: 0 });
  });

  it('gives up waiting when its signal aborts, with the signal’s reason, and leaves its turn to the next', async () => {
    const slots = new MediaSlots(1, 1);
    const release = await slots.take('a', new AbortController().signal);
    const impatient = new AbortController();
    const waiting = slots.take('a', impatient.signal);
    const next = slots.take('a', new AbortController().signal);
    impatient.abort(new Error('deadline'));
    await expect(waiting).rejects.toThrow('deadline');
    expect(slots.counts).toEqual({ running: 1, waiting: 1 });
    release();
    await expect(next).resolves.toBeTypeOf('function');
    await expect(slots.take('a', AbortSignal.abort(new Error('already over')))).rejects.toThrow('already over');
  });
});
