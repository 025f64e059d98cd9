import type { JobHelpers, Task } from 'graphile-worker';
import type { Config } from '../config.ts';
import { waitText } from '../domain/core/rateLimits.ts';

/** A task's work; `signal` aborts when its budget runs out, and a task that can stop early honours it. */
export type JobWork = (payload: unknown, helpers: JobHelpers, signal: AbortSignal) => unknown;

/**
 * Records where a job's owner follows it (a bulk subscribe's row, an export's row) that it failed for good:
 * `reason` is "Stopped after 30 minutes" (out of time) or "Failed after 25 attempts" (its last attempt threw).
 */
export type RecordFailure = (payload: unknown, reason: string) => Promise<void>;

/** A task as the worker runs it: its work, its wall-clock budget and, for jobs someone follows, how to tell them. */
export type BudgetedTask = { work: JobWork; budgetMs: number; recordFailure?: RecordFailure };

/** A job that ran longer than its budget; its message opens with "Stopped after …". */
export class JobOverrunError extends Error {}

/** "Stopped after 30 minutes", "Stopped after 60 seconds". */
export function stoppedAfter(budgetMs: number): string {
  return `Stopped after ${waitText(Math.round(budgetMs / 1000))}`;
}

/**
 * Runs `work` as a Graphile Worker task within its budget. When the budget runs out the job fails at once, with
 * "Stopped after …" (its slot frees even if the work cannot stop), the work's signal aborts so that it starts
 * nothing more, and `recordFailure` tells the owner; it does too when the job's last attempt fails, so nothing the
 * owner follows stays "running" for ever. A failed job is retried as Graphile Worker does; work whose failure was
 * recorded finds its row ended and does nothing.
 */
export function withBudget(identifier: string, { work, budgetMs, recordFailure }: BudgetedTask): Task {
  return async (payload, helpers) => {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const overrun = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        const error = new JobOverrunError(`${stoppedAfter(budgetMs)}: ${identifier} ran longer than its budget`);
        controller.abort(error);
        reject(error);
      }, budgetMs);
    });
    const running = Promise.resolve().then(() => work(payload, helpers, controller.signal));
    // Work that goes on after its budget may still fail; the job has failed already, so that is only logged.
    running.catch((error: unknown) => {
      if (controller.signal.aborted) helpers.logger.debug(`${identifier} ended after it was stopped: ${String(error)}`);
    });
    try {
      await Promise.race([running, overrun]);
    } catch (error) {
      const outOfTime = error instanceof JobOverrunError;
      if (recordFailure && (outOfTime || helpers.job.attempts >= helpers.job.max_attempts)) {
        const reason = outOfTime ? stoppedAfter(budgetMs) : `Failed after ${helpers.job.attempts} attempts`;
        await recordFailure(payload, reason).catch((recordError: unknown) =>
          helpers.logger.error(`${identifier} could not record its failure: ${String(recordError)}`),
        );
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * The wall-clock budget of a fetching task (a feed's refresh, the look-up of comment links): it outlasts two fetches
 * of FEED_FETCH_TIMEOUT_SECONDS (a page, then the feed it names). A refresh locked for longer is a dead worker's.
 */
export function fetchBudgetMs(config: Pick<Config, 'feedFetchTimeoutMs'>): number {
  return Math.max(2 * 60_000, 2 * config.feedFetchTimeoutMs + 30_000);
}
