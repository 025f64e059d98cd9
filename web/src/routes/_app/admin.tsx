import { createFileRoute, redirect } from '@tanstack/react-router';
import { fetchQuery, graphql } from 'react-relay';
import { AdminScreen } from '../../features/admin/AdminScreen';
import { adminTab, type AdminTab } from '../../features/admin/adminTabs';
import type { AdminRouteQuery } from './__generated__/AdminRouteQuery.graphql';

const query = graphql`
  query AdminRouteQuery {
    viewer {
      isAdmin
    }
  }
`;

/** Spec part 2: administrators only; anyone else goes to /shares. The server checks again on every admin call. */
export const Route = createFileRoute('/_app/admin')({
  validateSearch: (search: Record<string, unknown>): { tab?: AdminTab } => (search.tab === undefined ? {} : { tab: adminTab(search.tab) }),
  beforeLoad: async ({ context }) => {
    const data = await fetchQuery<AdminRouteQuery>(context.relay.current(), query, {}, { fetchPolicy: 'store-or-network' }).toPromise();
    if (!data?.viewer?.isAdmin) throw redirect({ to: '/shares' });
  },
  component: AdminPage,
});

function AdminPage() {
  return <AdminScreen tab={Route.useSearch().tab ?? 'statistics'} />;
}
