import { describe, expect, it } from 'vitest';
import { createHostLimiter } from './hostLimiter.ts';

describe('createHostLimiter', () => {
  it('keeps to the total and the per-host limits and runs every task', async () => {
    const run = createHostLimiter(3, 2);
    let running = 0;
    let peak = 0;
    const byHost = new Map<string, number>();
    let hostPeak = 0;
    const task = (host: string, value: number) => async () => {
      running += 1;
      byHost.set(host, (byHost.get(host) ?? 0) + 1);
      peak = Math.max(peak, running);
      hostPeak = Math.max(hostPeak, byHost.get(host)!);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      byHost.set(host, byHost.get(host)! - 1);
      return value;
    };
    const hosts = ['a', 'a', 'a', 'a', 'b', 'b', 'c', 'a', 'c', 'd'];
    const results = await Promise.all(hosts.map((host, index) => run(host, task(host, index))));
    expect(results).toEqual(hosts.map((_host, index) => index));
    expect(peak).toBe(3);
    expect(hostPeak).toBe(2);
  });

  it('passes a failure to its caller and carries on with the rest', async () => {
    const run = createHostLimiter(1, 1);
    const failed = run('a', () => Promise.reject(new Error('boom')));
    const next = run('a', async () => 'ok');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ok');
  });
});
