import { createRouter } from '@tanstack/react-router';
import type { SessionStore } from './auth/session';
import type { RelayEnvironments } from './relay/environment';
import { routeTree } from './routeTree.gen';
import { ErrorScreen } from './ui/ErrorScreen';

/** What every route's beforeLoad and loader receive. */
export type RouterContext = { session: SessionStore; relay: RelayEnvironments };

/** The app's router: file-based routes (src/routes), preloading on intent so a screen's query starts on hover. */
export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: ErrorScreen,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
