import Search from 'lucide-react/icons/search';
import { Suspense, useState, useTransition } from 'react';
import { inputClass } from '../../ui/TextField';
import { TableLoading } from './TableLoading';
import { UsersTable } from './UsersTable';

/**
 * The Users tab: a search box over username, display name and e-mail (a new search starts at
 * page 1) and the table. The old page stays on screen while the next one loads.
 */
export function UsersTab() {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState({ search: '', page: 1 });
  const [loading, startTransition] = useTransition();
  return (
    <div className="flex flex-col gap-4">
      <label className="relative block max-w-md">
        <span className="sr-only">Search users</span>
        <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted" />
        <input
          type="search"
          value={search}
          placeholder="Search by username, name or email"
          maxLength={100}
          onChange={(event) => {
            setSearch(event.target.value);
            startTransition(() => setQuery({ search: event.target.value.trim(), page: 1 }));
          }}
          className={`${inputClass()} pl-9`}
        />
      </label>
      <Suspense fallback={<TableLoading />}>
        <UsersTable
          search={query.search}
          page={query.page}
          loading={loading}
          onPage={(page) => startTransition(() => setQuery((current) => ({ ...current, page })))}
        />
      </Suspense>
    </div>
  );
}
