import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RelayEnvironmentProvider } from 'react-relay';
import type { Environment } from 'relay-runtime';
import type { Session } from '../auth/session';

export const TEST_SESSION: Session = {
  token: 'test-token',
  user: { id: 'VXNlcjox', username: 'reader', name: 'Reader', avatarUrl: null, isAdmin: false },
};

/**
 * Renders `ui` inside the Relay environment and a memory router at `path`, with a signed-in session in the router's
 * context (what the app's root route gives its screens). Every path is a route, so links and navigation work; the
 * router is returned so a test can read where a click or a key went.
 */
export function renderWithRouter(ui: ReactNode, { environment, path = '/articles' }: { environment: Environment; path?: string }) {
  // jsdom cannot scroll; the router scrolls to the top of each new page.
  window.scrollTo = () => {};
  const session = { get: () => TEST_SESSION };
  const root = createRootRoute({
    component: () => (
      <>
        {ui}
        <Outlet />
      </>
    ),
  });
  const anyPath = createRoute({ getParentRoute: () => root, path: '$', component: () => null });
  const router = createRouter({
    routeTree: root.addChildren([anyPath]),
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { session },
  });
  const view = render(
    <RelayEnvironmentProvider environment={environment}>
      <RouterProvider router={router} />
    </RelayEnvironmentProvider>,
  );
  return { ...view, router };
}
