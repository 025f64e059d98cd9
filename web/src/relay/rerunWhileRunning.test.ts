import { describe, expect, it } from 'vitest';
import { rerunWhileRunning } from './rerunWhileRunning';

describe('rerunWhileRunning', () => {
  it('runs a reload asked for during one again once it ends, shared by every caller meanwhile', async () => {
    const answers: (() => void)[] = [];
    const reload = rerunWhileRunning((_key: object) => new Promise<void>((resolve) => answers.push(resolve)));
    const key = {};
    const first = reload(key);
    const second = reload(key);
    expect(reload(key)).toBe(second);
    expect(answers).toHaveLength(1);

    answers.shift()!();
    await first;
    await new Promise((resolve) => setTimeout(resolve));
    expect(answers).toHaveLength(1); // the second run, started after the first answered
    answers.shift()!();
    await second;

    void reload(key);
    expect(answers).toHaveLength(1);
  });

  it('runs again after a failed run, and lets each key run on its own', async () => {
    const calls: string[] = [];
    let fail = true;
    const reload = rerunWhileRunning(async (key: { name: string }) => {
      calls.push(key.name);
      if (fail) throw new Error('offline');
    });
    const a = { name: 'a' };
    const failing = reload(a);
    const after = reload(a);
    void reload({ name: 'b' }).catch(() => {});
    fail = false; // the server is back before the second run starts
    await expect(failing).rejects.toThrow('offline');
    await after;
    expect(calls).toEqual(['a', 'b', 'a']);
  });
});
