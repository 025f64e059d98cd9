import ChevronDown from 'lucide-react/icons/chevron-down';
import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import Info from 'lucide-react/icons/info';
import { useId, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { buttonClass } from '../../ui/button';
import { cx } from '../../ui/cx';
import { formatDate, timeAgo } from '../../ui/dates';
import { feedsNotAdded, importingLabel, notAddedLabel } from './opmlFile';
import { useDismissOpmlImport } from './useDismissOpmlImport';
import { useFollowOpmlImport } from './useFollowOpmlImport';
import type { OpmlImportReport_job$data, OpmlImportReport_job$key } from './__generated__/OpmlImportReport_job.graphql';

type Props = {
  job: OpmlImportReport_job$key;
  /** After the report is dismissed (its Dismiss button goes with it, so focus goes elsewhere). */
  onDismissed?: () => void;
};

type Feed = OpmlImportReport_job$data['feeds'][number];

/**
 * The latest OPML import, kept until dismissed: while its job runs, 'Importing n of N feeds…' with a filling bar
 * (followed until done, also when Settings opens on a running import); then how many feeds were added, skipped and
 * failed, and a list, opened on request, of the failed and skipped ones with their reasons.
 */
export function OpmlImportReport({ job, onDismissed }: Props) {
  const report = useFragment(
    graphql`
      fragment OpmlImportReport_job on BulkSubscribeJob {
        id
        done
        filename
        createdAt
        total
        subscribed
        skipped
        errors
        error
        feeds {
          url
          outcome
          reason
        }
      }
    `,
    job,
  );
  useFollowOpmlImport(report.id, report.done);
  const [dismiss, dismissing] = useDismissOpmlImport();
  const [listOpen, setListOpen] = useState(false);
  const headingId = useId();

  const handled = report.subscribed + report.skipped + report.errors;
  if (!report.done) {
    return (
      <div role="status" className="flex flex-col gap-2 rounded-lg bg-sunken p-3">
        <p className="text-sm font-medium text-ink">{importingLabel(report.total, { done: handled, total: report.total })}</p>
        <progress aria-label="Import progress" className="h-2 w-full accent-[var(--accent)]" value={handled} max={report.total} />
      </div>
    );
  }

  const notAdded = feedsNotAdded(report.feeds);
  const Icon = report.errors > 0 || report.error ? CircleAlert : report.skipped > 0 ? Info : CircleCheck;
  const createdAt = new Date(report.createdAt);
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-line bg-sunken p-3 sm:p-4">
      <div className="flex items-start gap-3">
        <Icon
          aria-hidden="true"
          className={cx('mt-0.5 size-5 shrink-0', report.errors > 0 || report.error ? 'text-danger' : 'text-accent-strong')}
        />
        <div className="min-w-0 flex-1">
          <h4 id={headingId} className="text-sm font-semibold text-ink">
            Last import
          </h4>
          <p className="mt-0.5 text-sm text-muted">
            <span className="break-all">{report.filename}</span>
            {' · '}
            <time dateTime={report.createdAt} title={formatDate(createdAt, 'day')}>
              {timeAgo(createdAt)}
            </time>
          </p>
        </div>
        <button
          type="button"
          onClick={() => dismiss(report.id, onDismissed)}
          disabled={dismissing}
          className={buttonClass('ghost', 'sm', '-my-1 -mr-1 shrink-0')}
        >
          Dismiss
        </button>
      </div>
      <dl className="mt-3 grid grid-cols-3 gap-2">
        <Count label="Added" value={report.subscribed} tone={report.subscribed > 0 ? 'text-accent-strong' : 'text-ink'} />
        <Count label="Skipped" value={report.skipped} tone="text-ink" />
        <Count label="Failed" value={report.errors} tone={report.errors > 0 ? 'text-danger' : 'text-ink'} />
      </dl>
      {report.error && <p className="mt-3 text-sm text-danger">{report.error}</p>}
      {notAdded.failed.length + notAdded.skipped.length > 0 && (
        <details className="group mt-3" onToggle={(event) => setListOpen(event.currentTarget.open)}>
          <summary
            className={cx(
              'flex min-h-9 cursor-pointer list-none items-center gap-2 rounded-lg text-sm font-medium text-ink',
              'hover:text-accent-strong [&::-webkit-details-marker]:hidden',
            )}
          >
            <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-muted transition-transform group-open:rotate-180" />
            {notAddedLabel(notAdded.failed.length, notAdded.skipped.length, listOpen)}
          </summary>
          <div className="mt-2 flex flex-col gap-3">
            <FeedGroup title="Failed" feeds={notAdded.failed} />
            <FeedGroup title="Skipped" feeds={notAdded.skipped} />
          </div>
        </details>
      )}
    </section>
  );
}

function Count({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <div className="flex flex-col rounded-lg bg-surface px-3 py-2">
      <dt className="text-xs font-medium text-muted">{label}</dt>
      <dd className={cx('text-lg font-semibold tabular-nums', tone)}>{value}</dd>
    </div>
  );
}

/** One kind of feed not added (failed or skipped), each address with its reason. */
function FeedGroup({ title, feeds }: { title: string; feeds: readonly Feed[] }) {
  const id = useId();
  if (feeds.length === 0) return null;
  return (
    <div>
      <h5 id={id} className="text-xs font-semibold uppercase tracking-wide text-muted">
        {title} ({feeds.length})
      </h5>
      <ul aria-labelledby={id} className="mt-1 divide-y divide-line rounded-lg bg-surface">
        {feeds.map((feed, index) => (
          <li key={`${feed.url}-${index}`} className="flex flex-col gap-0.5 px-3 py-2">
            <span className="break-all text-sm font-medium text-ink">{feed.url}</span>
            {feed.reason && <span className="text-sm text-muted">{feed.reason}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
