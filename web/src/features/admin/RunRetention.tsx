import Eraser from 'lucide-react/icons/eraser';
import { useCallback, useEffect, useTransition } from 'react';
import { graphql, useRefetchableFragment } from 'react-relay';
import { buttonClass } from '../../ui/button';
import { formatNumber } from '../../ui/counts';
import { formatDate } from '../../ui/dates';
import type { RunRetention_query$key } from './__generated__/RunRetention_query.graphql';
import type { RunRetentionRefetchQuery } from './__generated__/RunRetentionRefetchQuery.graphql';
import { isUnfinished, megabytes, retentionHeadline, retentionTook, retentionTrigger, type RetentionRunFigures } from './retentionRun';
import { useRunRetention } from './useRunRetention';

/** How often the panel reads a queued or running pass's progress again. */
const POLL_MS = 2000;

const fragment = graphql`
  fragment RunRetention_query on Query @refetchable(queryName: "RunRetentionRefetchQuery") {
    retentionRuns(limit: 1) {
      status
      trigger
      requestedBy
      createdAt
      startedAt
      finishedAt
      deleted
      freedBytes
      cutoff
      reachedAt
      error
    }
  }
`;

/**
 * The retention pass: the last one (when, who, articles deleted, space freed, how long) or, while one is queued or
 * running, its progress, read again every 2 s; "Run retention now" queues one (the worker's job) and waits while it runs.
 */
export function RunRetention({ query }: { query: RunRetention_query$key }) {
  const [{ retentionRuns }, refetch] = useRefetchableFragment<RunRetentionRefetchQuery, RunRetention_query$key>(fragment, query);
  const [, startTransition] = useTransition();
  const reload = useCallback(
    () =>
      startTransition(() => {
        refetch({}, { fetchPolicy: 'network-only' });
      }),
    [refetch],
  );
  const run = retentionRuns[0] ?? null;
  const following = run !== null && isUnfinished(run);
  useEffect(() => {
    if (!following) return;
    const timer = setInterval(reload, POLL_MS);
    return () => clearInterval(timer);
  }, [following, reload]);
  const [start, starting] = useRunRetention(reload);
  const busy = starting || following;
  return (
    <section aria-labelledby="retention-run-heading" aria-busy={busy} className="mt-5 border-t border-line pt-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="retention-run-heading" className="font-medium text-ink">
          Retention pass
        </h3>
        <button type="button" onClick={start} disabled={busy} className={buttonClass('secondary', 'sm')}>
          <Eraser aria-hidden="true" className="size-4" />
          {busy ? 'Running retention…' : 'Run retention now'}
        </button>
      </div>
      <p role="status" className="mt-2 text-sm text-muted">
        {retentionHeadline(run)}
      </p>
      {run && <RunFigures run={run} />}
    </section>
  );
}

function RunFigures({ run }: { run: RetentionRunFigures }) {
  const began = run.startedAt ?? run.createdAt;
  const figures = [
    [isUnfinished(run) ? 'Started' : 'Last run', <time dateTime={began}>{formatDate(new Date(began), 'dateTime')}</time>],
    ['By', retentionTrigger(run)],
    [run.status === 'running' ? 'Deleted so far' : 'Articles deleted', formatNumber(run.deleted)],
    ['Space freed', megabytes(run.freedBytes)],
    [run.status === 'running' ? 'Running for' : 'Took', retentionTook(run, new Date()) ?? '—'],
  ] as const;
  return (
    <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-5">
      {figures.map(([term, value]) => (
        <div key={term} className="min-w-0">
          <dt className="text-xs font-medium uppercase tracking-wide text-muted">{term}</dt>
          <dd className="mt-0.5 break-words text-sm tabular-nums text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
