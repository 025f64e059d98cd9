import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { SessionStore } from './auth/session';
import type { RelayEnvironments } from './relay/environment';
import { routeTree } from './routeTree.gen';
import { ErrorScreen } from './ui/ErrorScreen';

/** What every route's beforeLoad and loader receive; `storage` is the browser's, or on the server the cookies' copy. */
export type RouterContext = { session: SessionStore; relay: RelayEnvironments; storage: Storage };

/**
 * The app's router: file-based routes (src/routes), preloading on intent so a screen's query starts on hover. The
 * browser's history unless given one (the server draws a first screen at its URL in memory).
 */
export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    history,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: ErrorScreen,
    // In the browser. Drawn on the server there is no scroll to restore, and the router would put its restoring
    // script inline in the markup, which the Content Security Policy refuses.
    scrollRestoration: history === undefined,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
