import Users from 'lucide-react/icons/users';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { EmptyState } from '../../ui/EmptyState';
import type { UsersTableQuery } from './__generated__/UsersTableQuery.graphql';
import { AdminTable, useRefetchKey, type AdminColumn } from './AdminTable';
import { AdminUserRow } from './AdminUserRow';

type Props = { search: string; page: number; loading: boolean; onPage: (page: number) => void };

const COLUMNS: AdminColumn[] = [
  { label: 'User' },
  { label: 'Role' },
  { label: 'Feeds', className: 'px-3 text-right' },
  { label: 'Shares', className: 'px-3 text-right' },
  { label: 'Comments', className: 'px-3 text-right' },
  { label: 'Actions', className: 'px-4 text-right', hidden: true },
];

/** One page of users: a table on wider screens, cards on a phone, and the pagination when there is more than a page. */
export function UsersTable({ search, page, loading, onPage }: Props) {
  const { fetchKey, reloading, reload } = useRefetchKey();
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
  return (
    <AdminTable
      columns={COLUMNS}
      rows={users}
      keyOf={(user) => user.id}
      renderRow={(user, layout) => <AdminUserRow user={user} own={user.userId === viewer?.id} layout={layout} onDeleted={reload} />}
      busy={loading || reloading}
      pagination={{ page: adminUsers.page, limit, total, onPage, disabled: loading }}
    />
  );
}
