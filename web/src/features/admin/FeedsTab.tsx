import { Suspense, useState, useTransition } from 'react';
import { SegmentedControl } from '../../ui/SegmentedControl';
import type { AdminFeedStatus } from './__generated__/FeedsTableQuery.graphql';
import { FeedsTable } from './FeedsTable';
import { TableLoading } from './TableLoading';

const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'healthy', label: 'Healthy' },
  { value: 'broken', label: 'Broken' },
] as const satisfies readonly { value: AdminFeedStatus; label: string }[];

/**
 * The Feeds tab: the All/Healthy/Broken filter (a change starts at page 1) and the table. The
 * old page stays on screen while the next one loads.
 */
export function FeedsTab() {
  const [query, setQuery] = useState<{ status: AdminFeedStatus; page: number }>({ status: 'all', page: 1 });
  const [loading, startTransition] = useTransition();
  return (
    <div className="flex flex-col gap-4">
      <SegmentedControl
        label="Show feeds"
        options={FILTERS}
        value={query.status}
        onChange={(status) => startTransition(() => setQuery({ status, page: 1 }))}
        className="self-start"
      />
      <Suspense fallback={<TableLoading />}>
        <FeedsTable
          status={query.status}
          page={query.page}
          loading={loading}
          onPage={(page) => startTransition(() => setQuery((current) => ({ ...current, page })))}
        />
      </Suspense>
    </div>
  );
}
