import { createFileRoute, redirect } from '@tanstack/react-router';
import { AdminScreen } from '../../features/admin/AdminScreen';
import { adminTab, type AdminTab } from '../../features/admin/adminTab';

/** Administrators only; anyone else goes to /shares. The server checks again on every admin call. */
export const Route = createFileRoute('/_app/admin')({
  validateSearch: (search: Record<string, unknown>): { tab?: AdminTab } => (search.tab === undefined ? {} : { tab: adminTab(search.tab) }),
  // The check loads with the admin screen: the route's own file is part of every screen's first load.
  beforeLoad: async ({ context }) => {
    const { viewerIsAdmin } = await import('../../features/admin/viewerIsAdmin');
    if (!(await viewerIsAdmin(context.relay.current()))) throw redirect({ to: '/shares' });
  },
  component: AdminPage,
});

function AdminPage() {
  return <AdminScreen tab={Route.useSearch().tab ?? 'statistics'} />;
}
