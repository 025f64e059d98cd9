import { describe, expect, it } from 'vitest';
import { ACTION_MIX, percentile, pickAction, seededRandom, Tally, thinkTimeMs } from './mix.ts';

describe('the simulated readers’ mix', () => {
  it('adds up to everything a reader does', () => {
    expect(ACTION_MIX.reduce((sum, [, percent]) => sum + percent, 0)).toBe(100);
  });

  it('picks each action for its share of the draws', () => {
    expect([0, 0.5999, 0.6, 0.7999, 0.8, 0.8999, 0.9, 0.9499, 0.95, 0.9799, 0.98, 0.9999].map(pickAction)).toEqual([
      'list',
      'list',
      'open',
      'open',
      'mark read',
      'mark read',
      'like',
      'like',
      'comment',
      'comment',
      'notifications',
      'notifications',
    ]);
  });

  it('draws the mix’s shares from the seeded generator, the same on every run', () => {
    const random = seededRandom(21);
    const counts = new Map<string, number>();
    for (let i = 0; i < 100_000; i++) {
      const action = pickAction(random());
      counts.set(action, (counts.get(action) ?? 0) + 1);
    }
    for (const [action, percent] of ACTION_MIX) expect(Math.abs(counts.get(action)! / 1000 - percent)).toBeLessThan(0.5);
    expect(seededRandom(21)()).toBe(seededRandom(21)());
  });

  it('waits between one and five seconds', () => {
    expect([0, 0.5, 0.999999].map(thinkTimeMs)).toEqual([1000, 3000, expect.closeTo(5000, 0)]);
  });
});

describe('percentile', () => {
  it('answers the nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect([percentile(values, 50), percentile(values, 95), percentile(values, 100)]).toEqual([50, 95, 100]);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 95)).toBeNaN();
  });
});

describe('Tally', () => {
  it('summarises latencies and errors per action and in all', () => {
    const tally = new Tally();
    for (let ms = 1; ms <= 20; ms++) tally.record('list', ms);
    tally.record('like', 50, '500 Internal Server Error');
    tally.record('like', 70, '503 Service Unavailable');
    const { kinds, all } = tally.summary();
    expect(kinds.map((kind) => kind.action)).toEqual(ACTION_MIX.map(([action]) => action));
    expect(kinds[0]).toEqual({ action: 'list', requests: 20, errors: 0, p50: 10, p95: 19, p99: 20, max: 20 });
    expect(kinds.find((kind) => kind.action === 'like')).toMatchObject({ requests: 2, errors: 2, max: 70 });
    expect(kinds.find((kind) => kind.action === 'open')).toMatchObject({ requests: 0, errors: 0 });
    expect(all).toMatchObject({ action: 'all', requests: 22, errors: 2, max: 70 });
    expect(tally.firstErrors.get('like')).toBe('500 Internal Server Error');
  });
});
