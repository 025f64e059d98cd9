import { formatNumber } from '../../ui/counts';
import { formatDate } from '../../ui/dates';

/** What the panel shows of a retention pass (the RetentionRun GraphQL type). */
export type RetentionRunFigures = {
  readonly status: string;
  readonly trigger: string;
  readonly requestedBy: string | null | undefined;
  readonly createdAt: string;
  readonly startedAt: string | null | undefined;
  readonly finishedAt: string | null | undefined;
  readonly deleted: number;
  readonly freedBytes: number;
  readonly cutoff: string | null | undefined;
  readonly reachedAt: string | null | undefined;
  readonly error: string | null | undefined;
};

/** Whether the pass is still to come or going: the panel follows it and Run now waits. */
export function isUnfinished({ status }: Pick<RetentionRunFigures, 'status'>): boolean {
  return status === 'queued' || status === 'running';
}

/** Bytes in megabytes, one decimal: '0.0 MB', '12.3 MB', '1,024.0 MB'. */
export function megabytes(bytes: number): string {
  const [whole, tenths] = (bytes / (1024 * 1024)).toFixed(1).split('.');
  return `${formatNumber(Number(whole))}.${tenths} MB`;
}

/** A length of time, as short as reads well: 'under 1 s', '42 s', '3 min 5 s', '2 h 4 min'. */
export function duration(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  if (seconds < 1) return 'under 1 s';
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** The line over the figures: where the pass is, and why it failed. */
export function retentionHeadline(run: RetentionRunFigures | null): string {
  if (run === null) return 'No retention pass has run yet.';
  switch (run.status) {
    case 'queued':
      return 'Waiting for the worker to start the pass…';
    case 'running':
      // The pass reads the old articles oldest first: how far it has read, against where it stops, is its progress.
      if (!run.reachedAt || !run.cutoff) return 'Deleting old articles, a thousand at a time…';
      return `Deleting old articles, a thousand at a time: done up to ${day(run.reachedAt)} of those published before ${day(run.cutoff)}…`;
    case 'failed': {
      const failed = `The last pass failed: ${run.error ?? 'no reason given'}.`;
      return run.reachedAt ? `${failed} It had read the old articles up to ${day(run.reachedAt)}; what it deleted stays deleted.` : failed;
    }
    default:
      if (!run.cutoff) return 'The last pass kept every article: retention is off.';
      return run.deleted === 0 ? 'The last pass found no article old enough and unkept.' : 'The last pass is done.';
  }
}

const day = (date: string) => formatDate(new Date(date), 'day');

/** Who started it: 'Nightly' or '@alice'. */
export function retentionTrigger({ trigger, requestedBy }: Pick<RetentionRunFigures, 'trigger' | 'requestedBy'>): string {
  if (trigger === 'nightly') return 'Nightly';
  return requestedBy ? `@${requestedBy}` : 'An administrator';
}

/** How long it took, or has taken so far (`now`); null while queued. */
export function retentionTook({ startedAt, finishedAt }: Pick<RetentionRunFigures, 'startedAt' | 'finishedAt'>, now: Date): string | null {
  if (!startedAt) return null;
  return duration((finishedAt ? new Date(finishedAt) : now).getTime() - new Date(startedAt).getTime());
}
