import Database from 'lucide-react/icons/database';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { formatNumber } from '../../ui/counts';
import type { DatabaseTabQuery, DatabaseTabQuery$data } from './__generated__/DatabaseTabQuery.graphql';
import { Panel } from './AdminPanel';
import { AdminTable, type AdminColumn } from './AdminTable';
import { byteSize } from './byteSize';

type TableSize = DatabaseTabQuery$data['adminDatabaseSize']['tables'][number];

const NUMBER = 'px-4 text-right';
const COLUMNS: AdminColumn[] = [
  { label: 'Table' },
  { label: 'Rows', className: NUMBER },
  { label: 'Heap', className: NUMBER },
  { label: 'TOAST', className: NUMBER },
  { label: 'Indexes', className: NUMBER },
  { label: 'Total', className: NUMBER },
];

/** The Database tab: the database's size on disk and each table's, largest first (a table, cards on a phone). */
export function DatabaseTab() {
  const { adminDatabaseSize: size } = useLazyLoadQuery<DatabaseTabQuery>(
    graphql`
      query DatabaseTabQuery {
        adminDatabaseSize {
          totalBytes
          tables {
            name
            rows
            heapBytes
            toastBytes
            indexBytes
            totalBytes
          }
        }
      }
    `,
    {},
    { fetchPolicy: 'network-only' },
  );
  return (
    <Panel
      title="Database size"
      description="Space on disk by table: rows, long values stored aside (TOAST) and indexes. Row counts are PostgreSQL’s estimates, once it has analysed a table (— until then)."
      icon={Database}
    >
      <p className="mb-4 text-sm text-muted">
        Total <span className="font-serif text-xl font-semibold tabular-nums text-ink">{byteSize(size.totalBytes)}</span>
      </p>
      <AdminTable
        columns={COLUMNS}
        rows={size.tables}
        keyOf={(table) => table.name}
        renderRow={(table, layout) => <TableSizeRow table={table} layout={layout} />}
        busy={false}
        pagination={{ page: 1, limit: size.tables.length, total: size.tables.length, onPage: () => {}, disabled: true }}
      />
    </Panel>
  );
}

function TableSizeRow({ table, layout }: { table: TableSize; layout: 'row' | 'card' }) {
  const parts = [
    ['Rows', table.rows == null ? <NotCounted /> : formatNumber(table.rows)],
    ['Heap', byteSize(table.heapBytes)],
    ['TOAST', byteSize(table.toastBytes)],
    ['Indexes', byteSize(table.indexBytes)],
  ] as const;
  if (layout === 'row') {
    return (
      <tr aria-label={table.name}>
        <th scope="row" className="px-4 py-2.5 font-medium text-ink">
          {table.name}
        </th>
        {parts.map(([label, value]) => (
          <td key={label} className="px-4 py-2.5 text-right tabular-nums text-muted">
            {value}
          </td>
        ))}
        <td className="px-4 py-2.5 text-right font-medium tabular-nums text-ink">{byteSize(table.totalBytes)}</td>
      </tr>
    );
  }
  return (
    <li aria-label={table.name} className="rounded-2xl border border-line bg-surface p-4">
      <div className="flex items-baseline justify-between gap-3">
        <p className="min-w-0 break-all font-medium text-ink">{table.name}</p>
        <p className="shrink-0 font-medium tabular-nums text-ink">{byteSize(table.totalBytes)}</p>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        {parts.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-2">
            <dt className="text-muted">{label}</dt>
            <dd className="tabular-nums text-ink">{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/** A table PostgreSQL has not analysed yet: no estimate of its rows. */
function NotCounted() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">not counted yet</span>
    </>
  );
}
