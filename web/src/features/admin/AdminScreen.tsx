import { useNavigate } from '@tanstack/react-router';
import { Suspense, type ReactNode } from 'react';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { PageTitle } from '../../ui/PageTitle';
import { AnalyticsTab } from './AnalyticsTab';
import type { AdminTab } from './adminTab';
import { ADMIN_TABS } from './adminTabs';
import { AdminTabList } from './AdminTabList';
import { ConfigurationTab } from './ConfigurationTab';
import { DatabaseTab } from './DatabaseTab';
import { EmailTab } from './EmailTab';
import { FeedsTab } from './FeedsTab';
import { StatisticsTab } from './StatisticsTab';
import { TabLoadFailed } from './TabLoadFailed';
import { UsersTab } from './UsersTab';

const TAB_CONTENT: Record<AdminTab, () => ReactNode> = {
  statistics: () => <StatisticsTab />,
  users: () => <UsersTab />,
  feeds: () => <FeedsTab />,
  analytics: () => <AnalyticsTab />,
  email: () => <EmailTab />,
  configuration: () => <ConfigurationTab />,
  database: () => <DatabaseTab />,
};

/**
 * The /admin screen: a tab list and the chosen tab, which loads its own data each time it is shown
 * (a tab change reloads its data). Each tab is one file; a failure stays inside its tab.
 */
export function AdminScreen({ tab }: { tab: AdminTab }) {
  const navigate = useNavigate();
  const current = ADMIN_TABS.find((each) => each.value === tab)!;
  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-6xl px-4 pb-8 pt-5 sm:px-6 sm:pt-8 lg:px-8">
      <PageTitle>{`Admin Panel · ${current.label}`}</PageTitle>
      <h1 id="page-title" className="mb-4 font-serif text-2xl font-semibold tracking-tight text-ink sm:mb-6 sm:text-3xl">
        Admin Panel
      </h1>
      {/* A tab changes the panel under the row, not the page: the window stays where it is, and the router does not
          put the row back where it was scrolled to (the row scrolls the chosen tab to its middle itself). */}
      <AdminTabList tab={tab} onSelect={(value) => void navigate({ to: '/admin', search: { tab: value }, resetScroll: false })} />
      <div role="tabpanel" id="admin-tab-panel" aria-labelledby={`admin-tab-${tab}`}>
        <ErrorBoundary key={tab} fallback={(retry) => <TabLoadFailed tab={tab} retry={retry} />}>
          <Suspense fallback={<TabLoading />}>{TAB_CONTENT[tab]()}</Suspense>
        </ErrorBoundary>
      </div>
    </section>
  );
}

function TabLoading() {
  return (
    <div role="status" aria-label="Loading" className="animate-pulse space-y-3">
      <div className="h-24 rounded-2xl bg-sunken" />
      <div className="h-48 rounded-2xl bg-sunken" />
    </div>
  );
}
