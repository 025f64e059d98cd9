import { Fragment, useCallback, useState, useTransition, type ReactNode } from 'react';
import { cx } from '../../ui/cx';
import { AdminPagination } from './AdminPagination';

/** A column's heading; `className` sets its padding and alignment (`px-4` when left out). */
export type AdminColumn = { label: string; className?: string; hidden?: boolean };

type Props<Row> = {
  columns: readonly AdminColumn[];
  rows: readonly Row[];
  keyOf: (row: Row) => string;
  /** Draws one row: a table row on wider screens, a card on a phone. */
  renderRow: (row: Row, layout: 'row' | 'card') => ReactNode;
  busy: boolean;
  pagination: { page: number; limit: number; total: number; onPage: (page: number) => void; disabled: boolean };
};

/** The admin panel's paged tables: a table on wider screens, cards on a phone, and the pagination when there is more than a page. */
export function AdminTable<Row>({ columns, rows, keyOf, renderRow, busy, pagination }: Props<Row>) {
  return (
    <div aria-busy={busy} className={cx('transition-opacity', busy && 'opacity-60')}>
      <div className="hidden overflow-x-auto rounded-2xl border border-line bg-surface lg:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-line bg-sunken/60 text-xs font-medium uppercase tracking-wide text-muted">
            <tr>
              {columns.map(({ label, className, hidden }) => (
                <th key={label} scope="col" className={cx('py-3', className ?? 'px-4')}>
                  {hidden ? <span className="sr-only">{label}</span> : label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {rows.map((row) => (
              <Fragment key={keyOf(row)}>{renderRow(row, 'row')}</Fragment>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-3 lg:hidden">
        {rows.map((row) => (
          <Fragment key={keyOf(row)}>{renderRow(row, 'card')}</Fragment>
        ))}
      </ul>
      <AdminPagination {...pagination} />
    </div>
  );
}

/** A key that fetches the page again when bumped (after a deletion its rows and total changed), in a transition. */
export function useRefetchKey() {
  const [fetchKey, setFetchKey] = useState(0);
  const [reloading, startTransition] = useTransition();
  const reload = useCallback(() => startTransition(() => setFetchKey((key) => key + 1)), []);
  return { fetchKey, reloading, reload };
}
