import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import { graphql, useFragment } from 'react-relay';
import { cx } from '../../ui/cx';
import type { DigestCard_digest$key } from './__generated__/DigestCard_digest.graphql';
import { DeleteDigestButton } from './DeleteDigestButton';
import { dateRange, digestStats, shortDate } from './digestStats';

/** One digest in the list: type badge, dates, summary, counts, created date and delete. */
export const DigestCard = memo(function DigestCard({ digest: key, selected }: { digest: DigestCard_digest$key; selected: boolean }) {
  const digest = useFragment(
    graphql`
      fragment DigestCard_digest on Digest {
        id
        type
        summary
        metadata
        startDate
        endDate
        createdAt
      }
    `,
    key,
  );
  const stats = digestStats(digest.type, digest.metadata);
  return (
    <article
      data-digest-id={digest.id}
      aria-current={selected ? 'true' : undefined}
      className={cx(
        'relative flex h-full flex-col rounded-2xl border border-line bg-surface p-5 shadow-sm transition-colors hover:border-accent/60',
        selected && 'border-accent! ring-2 ring-accent/70',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <span
            className={cx(
              'inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold',
              digest.type === 'instance' ? 'bg-sunken text-ink' : 'bg-accent-soft text-accent-strong',
            )}
          >
            {digest.type === 'instance' ? 'Instance-Wide' : 'Personal'}
          </span>
          <p className="mt-2 text-sm text-muted">{dateRange(digest.startDate, digest.endDate)}</p>
        </div>
        <DeleteDigestButton digestId={digest.id} />
      </div>
      <h2 className="mt-2 font-serif text-lg font-semibold leading-snug text-ink">
        {/* The whole card opens the digest; the link's box is stretched over it. */}
        <Link
          to="/digest/$id"
          params={{ id: digest.id }}
          className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none"
        >
          {digest.summary}
        </Link>
      </h2>
      <dl className="mt-4 flex flex-wrap gap-x-5 gap-y-2">
        {stats.map((stat) => (
          <div key={stat.label} className="flex flex-col">
            <dt className="text-xs uppercase tracking-wide text-muted">{stat.label}</dt>
            <dd className="text-lg font-semibold tabular-nums text-ink">{stat.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-auto pt-4 text-xs text-muted">Created {shortDate(digest.createdAt)}</p>
    </article>
  );
});
