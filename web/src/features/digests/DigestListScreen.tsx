import { useNavigate } from '@tanstack/react-router';
import Newspaper from 'lucide-react/icons/newspaper';
import { Suspense, useMemo, useRef } from 'react';
import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingMore } from '../../ui/LoadingMore';
import { PageTitle } from '../../ui/PageTitle';
import { notify } from '../../ui/toast';
import { useLoadMoreOnScroll } from '../../ui/useLoadMoreOnScroll';
import { useListKeyboardNavigation } from '../keyboard/useListKeyboardNavigation';
import type { digestsQuery as DigestsQuery } from './__generated__/digestsQuery.graphql';
import type { DigestListPaginationQuery } from './__generated__/DigestListPaginationQuery.graphql';
import type { DigestListScreen_query$key } from './__generated__/DigestListScreen_query.graphql';
import { DigestCard } from './DigestCard';
import { digestsQuery } from './digestsQuery';
import { FirstDigestChecklist } from './FirstDigestChecklist';

export const DIGEST_PAGE_SIZE = 20;

/** The /digest screen: the first-digest checklist, the digests as cards in two columns, or empty. */
export function DigestListScreen({ queryRef }: { queryRef: PreloadedQuery<DigestsQuery> }) {
  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-5xl px-4 pb-8 pt-5 sm:px-6 sm:pt-8 lg:px-8">
      <PageTitle>Weekly Digest</PageTitle>
      <h1 id="page-title" className="mb-5 font-serif text-2xl font-semibold tracking-tight text-ink sm:mb-6 sm:text-3xl">
        Weekly Digest
      </h1>
      <Suspense fallback={<DigestListSkeleton />}>
        <DigestList queryRef={queryRef} />
      </Suspense>
    </section>
  );
}

const gridClass = 'grid gap-4 md:grid-cols-2';

function DigestList({ queryRef }: { queryRef: PreloadedQuery<DigestsQuery> }) {
  const query = usePreloadedQuery<DigestsQuery>(digestsQuery, queryRef);
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<DigestListPaginationQuery, DigestListScreen_query$key>(
    graphql`
      fragment DigestListScreen_query on Query
      @refetchable(queryName: "DigestListPaginationQuery")
      @argumentDefinitions(first: { type: "Int", defaultValue: 20 }, after: { type: "String" }) {
        digests(first: $first, after: $after) @connection(key: "DigestListScreen_digests") {
          edges {
            node {
              id
              ...DigestCard_digest
            }
          }
        }
      }
    `,
    query,
  );
  const navigate = useNavigate();
  const digests = useMemo(() => data.digests.edges.map((edge) => edge.node), [data.digests.edges]);
  const ids = useMemo(() => digests.map((digest) => digest.id), [digests]);
  const loadMore = () => {
    if (hasNext && !isLoadingNext) loadNext(DIGEST_PAGE_SIZE, { onComplete: (error) => error && notify.error('Failed to load digests') });
  };
  const sentinel = useLoadMoreOnScroll<HTMLDivElement>(loadMore, hasNext && !isLoadingNext);
  const grid = useRef<HTMLUListElement>(null);
  const { selectedId } = useListKeyboardNavigation({
    ids,
    onOpen: (id) => void navigate({ to: '/digest/$id', params: { id } }),
    onReachEnd: loadMore,
    itemElement: (id) => grid.current?.querySelector(`[data-digest-id="${CSS.escape(id)}"]`) ?? null,
  });

  if (digests.length === 0) {
    if (!query.firstDigestStatus.hasDigests) return <FirstDigestChecklist status={query.firstDigestStatus} />;
    return (
      <EmptyState
        icon={Newspaper}
        title="No digests"
        detail="Your next digest arrives on Sunday at 6am, with a notification when it is ready."
      />
    );
  }
  return (
    <>
      <ul ref={grid} aria-label="Digests" className={gridClass}>
        {digests.map((digest) => (
          <li key={digest.id}>
            <DigestCard digest={digest} selected={digest.id === selectedId} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} aria-hidden="true" />
      {isLoadingNext && <LoadingMore label="Loading more digests…" />}
    </>
  );
}

function DigestListSkeleton() {
  return (
    <div role="status" aria-label="Loading digests">
      <ul aria-hidden="true" className={gridClass}>
        {Array.from({ length: 4 }, (_, index) => (
          <li key={index} className="h-48 animate-pulse rounded-2xl border border-line bg-surface p-5">
            <div className="h-4 w-24 rounded bg-sunken" />
            <div className="mt-4 h-5 w-3/4 rounded bg-sunken" />
            <div className="mt-6 h-8 w-2/3 rounded bg-sunken" />
          </li>
        ))}
      </ul>
    </div>
  );
}
