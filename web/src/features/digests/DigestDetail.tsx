import { Link, useNavigate } from '@tanstack/react-router';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { useEffect } from 'react';
import { graphql, useFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { buttonClass } from '../../ui/button';
import { cx } from '../../ui/cx';
import { PageTitle } from '../../ui/PageTitle';
import { notify } from '../../ui/toast';
import type { digestQuery as DigestQuery } from './__generated__/digestQuery.graphql';
import type { DigestDetail_digest$key } from './__generated__/DigestDetail_digest.graphql';
import { DeleteDigestButton } from './DeleteDigestButton';
import { DigestContent } from './DigestContent';
import { digestQuery } from './digestQuery';
import { dateRange, shortDate } from './digestStats';

/** The /digest/{id} screen; a digest that is not there says 'Failed to load digest' and goes back to the list. */
export function DigestDetailScreen({ queryRef }: { queryRef: PreloadedQuery<DigestQuery> }) {
  const { node } = usePreloadedQuery<DigestQuery>(digestQuery, queryRef);
  // Null for an id that names no digest of the viewer's (or names something else).
  if (!node?.digest) return <DigestLoadFailed />;
  return <DigestDetail digest={node.digest} />;
}

/** 'Failed to load digest', then the list. */
export function DigestLoadFailed() {
  const navigate = useNavigate();
  useEffect(() => {
    notify.error('Failed to load digest', { id: 'digest-load-failed' });
    void navigate({ to: '/digest', replace: true });
  }, [navigate]);
  return null;
}

function DigestDetail({ digest: key }: { digest: DigestDetail_digest$key }) {
  const digest = useFragment(
    graphql`
      fragment DigestDetail_digest on Digest {
        id
        type
        summary
        content
        startDate
        endDate
        createdAt
      }
    `,
    key,
  );
  const navigate = useNavigate();
  return (
    <article aria-labelledby="page-title" className="mx-auto w-full max-w-6xl px-4 pb-10 pt-5 sm:px-6 sm:pt-8 lg:px-8">
      <PageTitle>{digest.summary}</PageTitle>
      <div className="mb-5 flex items-center justify-between gap-3">
        <Link to="/digest" className={buttonClass('ghost', 'sm', '-ml-3')}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to digests
        </Link>
        <DeleteDigestButton digestId={digest.id} withLabel onDeleted={() => void navigate({ to: '/digest' })} />
      </div>
      <header className="mb-8 border-b border-line pb-6">
        <div className="flex flex-wrap items-center gap-3 text-sm text-muted">
          <span
            className={cx(
              'rounded-full px-2.5 py-0.5 text-xs font-semibold',
              digest.type === 'instance' ? 'bg-sunken text-ink' : 'bg-accent-soft text-accent-strong',
            )}
          >
            {digest.type === 'instance' ? 'Community' : 'Personal'}
          </span>
          <span>{dateRange(digest.startDate, digest.endDate)}</span>
        </div>
        <h1 id="page-title" className="mt-3 font-serif text-2xl font-semibold leading-tight tracking-tight text-ink sm:text-3xl">
          {digest.summary}
        </h1>
        <p className="mt-2 text-sm text-muted">Generated {shortDate(digest.createdAt)}</p>
      </header>
      <DigestContent markdown={digest.content} />
    </article>
  );
}
