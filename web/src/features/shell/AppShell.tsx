import { Outlet } from '@tanstack/react-router';
import { Suspense, useEffect, useRef, useState } from 'react';
import { graphql, useFragment, type PreloadedQuery } from 'react-relay';
import type { loadFeedsQuery } from '../feeds/__generated__/loadFeedsQuery.graphql';
import { useAddFeedRequests } from '../feeds/addFeedRequest';
import { isShowingFailingFeeds, onFailingFeedsFilter } from '../feeds/failingFeedsFilter';
import { useUnreadCountsSubscription } from '../feeds/useUnreadCountsSubscription';
import type { AppShell_query$key } from './__generated__/AppShell_query.graphql';
import { OfflineNotice } from '../../ui/OfflineNotice';
import { BottomNav } from './BottomNav';
import { ShellShortcuts } from './ShellShortcuts';
import { CommandPaletteHost } from '../palette/CommandPaletteHost';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { useFocusReturnsToMain } from './useFocusReturnsToMain';
import { lazyWithPreload } from '../../ui/lazyWithPreload';
import { OnceOpened } from '../../ui/OnceOpened';

const PHONE_MEDIA = '(max-width: 1023px)';

// Its own chunk (Radix' dialog, swiping): loaded as the menu button is reached for, and mounted from its first opening.
const { Component: MobileDrawer, preload: preloadDrawer } = lazyWithPreload(() =>
  import('./MobileDrawer').then((module) => module.MobileDrawer),
);

/** The signed-in frame around every screen: sidebar on desktop; top bar, bottom nav and drawer on mobile. */
export function AppShell({ query, feeds }: { query: AppShell_query$key; feeds: PreloadedQuery<loadFeedsQuery> }) {
  const data = useFragment(
    graphql`
      fragment AppShell_query on Query {
        ...TopBar_query
      }
    `,
    query,
  );
  const [drawerOpen, setDrawerOpen] = useState(false);
  useUnreadCountsSubscription();
  // On a phone the failing-feeds filter shows in the drawer, so showing it opens the drawer.
  useEffect(
    () =>
      onFailingFeedsFilter(() => {
        if (isShowingFailingFeeds() && window.matchMedia(PHONE_MEDIA).matches) setDrawerOpen(true);
      }),
    [],
  );
  const [drawerFocusesAddFeed, setDrawerFocusesAddFeed] = useState(false);
  const [sidebarAddFeedRequest, setSidebarAddFeedRequest] = useState(0);
  const sidebar = useRef<HTMLElement>(null);
  const main = useRef<HTMLElement>(null);
  useFocusReturnsToMain(main);
  // The sidebar opens its Add feed form when the sidebar shows (desktop); else the drawer opens on its own.
  useAddFeedRequests(() => {
    if (sidebar.current?.checkVisibility()) return setSidebarAddFeedRequest((requests) => requests + 1);
    setDrawerFocusesAddFeed(true);
    setDrawerOpen(true);
  });
  const onDrawerOpenChange = (open: boolean) => {
    setDrawerOpen(open);
    if (!open) setDrawerFocusesAddFeed(false);
  };
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[16.5rem_minmax(0,1fr)]">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-50 focus:rounded-lg focus:bg-surface focus:px-4 focus:py-2 focus:shadow-card"
      >
        Skip to content
      </a>
      <Sidebar ref={sidebar} feeds={feeds} addFeedRequest={sidebarAddFeedRequest} />
      <div className="flex min-w-0 flex-col">
        <TopBar query={data} onOpenDrawer={() => setDrawerOpen(true)} onDrawerIntent={() => void preloadDrawer()} />
        <main ref={main} id="main" tabIndex={-1} className="flex-1 pb-24 outline-none lg:pb-12">
          <Suspense fallback={<p className="px-6 py-16 text-center text-muted">Loading…</p>}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <BottomNav />
      <OfflineNotice />
      <ShellShortcuts />
      <CommandPaletteHost />
      <OnceOpened open={drawerOpen}>
        <MobileDrawer feeds={feeds} open={drawerOpen} onOpenChange={onDrawerOpenChange} focusAddFeed={drawerFocusesAddFeed} />
      </OnceOpened>
    </div>
  );
}
