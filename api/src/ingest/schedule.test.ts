import { describe, expect, it } from 'vitest';
import { MAX_INTERVAL_MS, MIN_INTERVAL_MS, nextFetchAfterError, nextFetchAfterSuccess } from './schedule.ts';

const now = new Date('2026-11-22T12:00:00Z');
const noJitter = () => 0.5;
const hours = (n: number) => n * 60 * 60 * 1000;
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('nextFetchAfterSuccess', () => {
  it('follows how often the feed publishes', () => {
    const hourly = [ago(hours(3)), ago(hours(2)), ago(hours(1))];
    expect(nextFetchAfterSuccess(now, hourly, noJitter).getTime() - now.getTime()).toBe(hours(1.5));
  });

  it('never fetches more often than every 15 minutes', () => {
    const bursty = Array.from({ length: 50 }, (_, i) => ago(i * 1000));
    expect(nextFetchAfterSuccess(now, bursty, noJitter).getTime() - now.getTime()).toBe(MIN_INTERVAL_MS);
  });

  it('fetches a quiet feed (or one without recent articles) once a day', () => {
    expect(nextFetchAfterSuccess(now, [], noJitter).getTime() - now.getTime()).toBe(MAX_INTERVAL_MS);
    expect(nextFetchAfterSuccess(now, [ago(hours(200)), ago(hours(100))], noJitter).getTime() - now.getTime()).toBe(MAX_INTERVAL_MS);
  });

  it('spreads fetches by at most 10%', () => {
    const early = nextFetchAfterSuccess(now, [], () => 0).getTime() - now.getTime();
    const late = nextFetchAfterSuccess(now, [], () => 0.999999).getTime() - now.getTime();
    expect(early).toBe(MAX_INTERVAL_MS * 0.9);
    expect(late).toBeGreaterThan(MAX_INTERVAL_MS * 1.09);
    expect(late).toBeLessThanOrEqual(MAX_INTERVAL_MS * 1.1);
  });
});

describe('nextFetchAfterError', () => {
  it('backs off exponentially from 15 minutes', () => {
    const waits = [1, 2, 3, 4].map((n) => nextFetchAfterError(now, n, null, noJitter).getTime() - now.getTime());
    expect(waits).toEqual([MIN_INTERVAL_MS, MIN_INTERVAL_MS * 2, MIN_INTERVAL_MS * 4, MIN_INTERVAL_MS * 8]);
  });

  it('stops growing at a day', () => {
    expect(nextFetchAfterError(now, 30, null, noJitter).getTime() - now.getTime()).toBe(MAX_INTERVAL_MS);
  });

  it("honours the server's Retry-After when it asks for longer", () => {
    expect(nextFetchAfterError(now, 1, 7200, noJitter).getTime() - now.getTime()).toBe(hours(2));
    expect(nextFetchAfterError(now, 1, 60, noJitter).getTime() - now.getTime()).toBe(MIN_INTERVAL_MS);
  });
});
