import Rss from 'lucide-react/icons/rss';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { EmptyState } from '../../ui/EmptyState';
import type { AdminFeedStatus, FeedsTableQuery } from './__generated__/FeedsTableQuery.graphql';
import { AdminFeedRow } from './AdminFeedRow';
import { AdminTable, useRefetchKey, type AdminColumn } from './AdminTable';

type Props = { status: AdminFeedStatus; page: number; loading: boolean; onPage: (page: number) => void };

const EMPTY: Record<AdminFeedStatus, string> = {
  all: 'No feeds yet',
  healthy: 'No healthy feeds',
  broken: 'No broken feeds',
};

const COLUMNS: AdminColumn[] = [
  { label: 'Feed' },
  { label: 'Status', className: 'w-40 px-4' },
  { label: 'Subscribers', className: 'px-4 text-right' },
  { label: 'Articles', className: 'px-4 text-right' },
  { label: 'Actions', hidden: true },
];

/** One page of feeds: a table on wider screens, cards on a phone, and the pagination when there is more than a page. */
export function FeedsTable({ status, page, loading, onPage }: Props) {
  const { fetchKey, reloading, reload } = useRefetchKey();
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
    <AdminTable
      columns={COLUMNS}
      rows={feeds}
      keyOf={(feed) => feed.id}
      renderRow={(feed, layout) => <AdminFeedRow feed={feed} layout={layout} onDeleted={reload} />}
      busy={loading || reloading}
      pagination={{ page: adminFeeds.page, limit, total, onPage, disabled: loading }}
    />
  );
}
