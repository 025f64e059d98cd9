import type { JobHelpers } from 'graphile-worker';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withBudget, type JobWork } from './budget.ts';

const MINUTE = 60_000;

/** The helpers withBudget reads: the job's attempts and the logger. */
function helpersOf(attempts = 1, maxAttempts = 25) {
  return { job: { attempts, max_attempts: maxAttempts }, logger: { debug: vi.fn(), error: vi.fn() } } as unknown as JobHelpers;
}

describe('withBudget', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('lets work that ends within its budget succeed, and records nothing', async () => {
    const recordFailure = vi.fn(async () => {});
    const task = withBudget('send_email', { work: async () => 'sent', budgetMs: MINUTE, recordFailure });
    await expect(task({}, helpersOf())).resolves.toBeUndefined();
    expect(recordFailure).not.toHaveBeenCalled();
  });

  it('fails a job that outlives its budget with "Stopped after …", aborts its work and records why for its owner', async () => {
    let signal: AbortSignal | undefined;
    const work: JobWork = (_payload, _helpers, given) => {
      signal = given;
      return new Promise(() => {}); // never ends by itself: a hung fetch, a stuck render
    };
    const recordFailure = vi.fn(async () => {});
    const task = withBudget('bulk_subscribe', { work, budgetMs: 30 * MINUTE, recordFailure });
    const outcome = task({ jobId: 'j' }, helpersOf());
    const failed = expect(outcome).rejects.toThrow('Stopped after 30 minutes: bulk_subscribe ran longer than its budget');
    await vi.advanceTimersByTimeAsync(30 * MINUTE - 1);
    expect(signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await failed;
    expect(signal!.aborted).toBe(true);
    expect(recordFailure).toHaveBeenCalledExactlyOnceWith({ jobId: 'j' }, 'Stopped after 30 minutes');
  });

  it('records a failure only on the last attempt when the work itself throws, and always rethrows', async () => {
    const recordFailure = vi.fn(async () => {});
    const task = withBudget('generate_export', {
      work: async () => {
        throw new Error('database unavailable');
      },
      budgetMs: 10 * MINUTE,
      recordFailure,
    });
    await expect(task({}, helpersOf(3, 25))).rejects.toThrow('database unavailable');
    expect(recordFailure).not.toHaveBeenCalled();
    await expect(task({}, helpersOf(25, 25))).rejects.toThrow('database unavailable');
    expect(recordFailure).toHaveBeenCalledExactlyOnceWith({}, 'Failed after 25 attempts');
  });

  it('still fails the job (and logs) when recording the failure fails', async () => {
    const helpers = helpersOf();
    const task = withBudget('generate_export', {
      work: () => new Promise(() => {}),
      budgetMs: 60_000,
      recordFailure: async () => {
        throw new Error('no database');
      },
    });
    const failed = expect(task({}, helpers)).rejects.toThrow('Stopped after 60 seconds');
    await vi.advanceTimersByTimeAsync(60_000);
    await failed;
    expect(helpers.logger.error).toHaveBeenCalledWith(expect.stringContaining('could not record its failure: Error: no database'));
  });
});
