import Users from 'lucide-react/icons/users';
import { useCallback, useState, useTransition } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { cx } from '../../ui/cx';
import { EmptyState } from '../../ui/EmptyState';
import type { UsersTableQuery } from './__generated__/UsersTableQuery.graphql';
import { AdminPagination } from './AdminPagination';
import { AdminUserRow } from './AdminUserRow';

type Props = { search: string; page: number; loading: boolean; onPage: (page: number) => void };

/** One page of users: a table on wider screens, cards on a phone, and the pagination when there is more than a page. */
export function UsersTable({ search, page, loading, onPage }: Props) {
  // Bumped after a deletion: the page is fetched again (its rows and total changed).
  const [fetchKey, setFetchKey] = useState(0);
  const [reloading, startTransition] = useTransition();
  const reload = useCallback(() => startTransition(() => setFetchKey((key) => key + 1)), []);
  const { adminUsers, viewer } = useLazyLoadQuery<UsersTableQuery>(
    graphql`
      query UsersTableQuery($search: String, $page: Int) {
        viewer {
          id
        }
        adminUsers(search: $search, page: $page) {
          total
          page
          limit
          users {
            id
            userId
            ...AdminUserRow_user
          }
        }
      }
    `,
    { search: search || null, page },
    { fetchPolicy: 'store-and-network', fetchKey },
  );
  const { users, total, limit } = adminUsers;
  if (users.length === 0) {
    return <EmptyState icon={Users} title={search ? 'No users match your search' : 'No users yet'} />;
  }
  const rows = users.map((user) => ({ key: user.id, user, own: user.userId === viewer?.id }));
  return (
    <div aria-busy={loading || reloading} className={cx('transition-opacity', (loading || reloading) && 'opacity-60')}>
      <div className="hidden overflow-x-auto rounded-2xl border border-line bg-surface lg:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-line bg-sunken/60 text-xs font-medium uppercase tracking-wide text-muted">
            <tr>
              <th scope="col" className="px-4 py-3">
                User
              </th>
              <th scope="col" className="px-4 py-3">
                Role
              </th>
              <th scope="col" className="px-3 py-3 text-right">
                Feeds
              </th>
              <th scope="col" className="px-3 py-3 text-right">
                Shares
              </th>
              <th scope="col" className="px-3 py-3 text-right">
                Comments
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {rows.map(({ key, user, own }) => (
              <AdminUserRow key={key} user={user} own={own} layout="row" onDeleted={reload} />
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-3 lg:hidden">
        {rows.map(({ key, user, own }) => (
          <AdminUserRow key={key} user={user} own={own} layout="card" onDeleted={reload} />
        ))}
      </ul>
      <AdminPagination page={adminUsers.page} limit={limit} total={total} onPage={onPage} disabled={loading} />
    </div>
  );
}
