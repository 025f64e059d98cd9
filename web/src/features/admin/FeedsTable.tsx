import Rss from 'lucide-react/icons/rss';
import { useCallback, useState, useTransition } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { cx } from '../../ui/cx';
import { EmptyState } from '../../ui/EmptyState';
import type { AdminFeedStatus, FeedsTableQuery } from './__generated__/FeedsTableQuery.graphql';
import { AdminFeedRow } from './AdminFeedRow';
import { AdminPagination } from './AdminPagination';

type Props = { status: AdminFeedStatus; page: number; loading: boolean; onPage: (page: number) => void };

const EMPTY: Record<AdminFeedStatus, string> = {
  all: 'No feeds yet',
  healthy: 'No healthy feeds',
  broken: 'No broken feeds',
};

/** One page of feeds: a table on wider screens, cards on a phone, and the pagination when there is more than a page. */
export function FeedsTable({ status, page, loading, onPage }: Props) {
  // Bumped after a deletion: the page is fetched again (its rows and total changed).
  const [fetchKey, setFetchKey] = useState(0);
  const [reloading, startTransition] = useTransition();
  const reload = useCallback(() => startTransition(() => setFetchKey((key) => key + 1)), []);
  const { adminFeeds } = useLazyLoadQuery<FeedsTableQuery>(
    graphql`
      query FeedsTableQuery($status: AdminFeedStatus, $page: Int) {
        adminFeeds(status: $status, page: $page) {
          total
          page
          limit
          feeds {
            id
            ...AdminFeedRow_feed
          }
        }
      }
    `,
    { status, page },
    { fetchPolicy: 'store-and-network', fetchKey },
  );
  const { feeds, total, limit } = adminFeeds;
  if (feeds.length === 0) return <EmptyState icon={Rss} title={EMPTY[status]} />;
  return (
    <div aria-busy={loading || reloading} className={cx('transition-opacity', (loading || reloading) && 'opacity-60')}>
      <div className="hidden overflow-x-auto rounded-2xl border border-line bg-surface lg:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-line bg-sunken/60 text-xs font-medium uppercase tracking-wide text-muted">
            <tr>
              <th scope="col" className="px-4 py-3">
                Feed
              </th>
              <th scope="col" className="w-40 px-4 py-3">
                Status
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Subscribers
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Articles
              </th>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {feeds.map((feed) => (
              <AdminFeedRow key={feed.id} feed={feed} layout="row" onDeleted={reload} />
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-3 lg:hidden">
        {feeds.map((feed) => (
          <AdminFeedRow key={feed.id} feed={feed} layout="card" onDeleted={reload} />
        ))}
      </ul>
      <AdminPagination page={adminFeeds.page} limit={limit} total={total} onPage={onPage} disabled={loading} />
    </div>
  );
}
