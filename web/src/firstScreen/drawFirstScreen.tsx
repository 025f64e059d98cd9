import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import type { DrawRequest, FirstScreenRenderer } from '@tidings/shared/firstScreen';
import { renderToString } from 'react-dom/server';
import { RelayEnvironmentProvider } from 'react-relay';
import { createSessionStore } from '../auth/session';
import { createMemoryStorage } from '../auth/storage';
import { articleListSearch } from '../features/articles/listSearch';
import { saveView } from '../features/articles/savedView';
import { InstanceProvider } from '../features/instance/InstanceProvider';
import { createRelayEnvironments } from '../relay/environment';
import { createAppRouter } from '../router';
import { savedViewIn } from '../auth/drawCookies';

/** How long the server waits for the first screen's queries before it sends the page undrawn. */
const QUERIES_WAIT_MS = 1000;

/**
 * The markup of the first screen, drawn on the server with the app's own routes, queries and components, for the page
 * to show before its scripts have run; the app then draws itself in its place. Null when the URL is not the article
 * list (after the routes' redirects), or a query failed: the page goes undrawn, as before. The web app's package
 * exports its server build as `@tidings/web/first-screen`, which the API's start-up hands to the server.
 */
export const drawFirstScreen: FirstScreenRenderer = async ({ url, session: signedIn, viewCookie, fetch }: DrawRequest) => {
  const storage = createMemoryStorage(); // lives as long as one drawing
  const session = createSessionStore(storage, null);
  session.set(signedIn);
  const savedView = savedViewIn(viewCookie, signedIn.user.id);
  if (savedView !== undefined) saveView(storage, signedIn.user.id, articleListSearch(savedView));
  let failed = false;
  const relay = createRelayEnvironments(session, () => (failed = true), fetch);
  const router = createAppRouter({ session, relay, storage }, createMemoryHistory({ initialEntries: [url] }));
  await loadFollowingRedirects(router);
  await relay.settled(QUERIES_WAIT_MS);
  const { status, location, matches } = router.state;
  if (failed || status !== 'idle' || location.pathname !== '/articles' || matches.some((match) => match.status !== 'success')) return null;
  const markup = renderToString(
    <RelayEnvironmentProvider environment={relay.current()}>
      <InstanceProvider>
        <RouterProvider router={router} />
      </InstanceProvider>
    </RelayEnvironmentProvider>,
  );
  return markup === '' ? null : markup;
};

const MAX_REDIRECTS = 3;

/**
 * Loads the router's location and, where a route redirects (a bare /articles to the saved view), the location it
 * redirects to, as the browser's router does by itself. On the server the router only records the redirect, for a
 * server to answer with; Tidings draws where it leads instead (the test of the saved view fails if this changes).
 */
async function loadFollowingRedirects(router: ReturnType<typeof createAppRouter>): Promise<void> {
  for (let redirects = 0; ; redirects += 1) {
    await router.load();
    const { _serverResult: result } = router as unknown as { _serverResult?: { type: string; redirect?: { headers: Headers } } };
    const location = result?.type === 'redirect' ? result.redirect?.headers.get('location') : null;
    if (!location || redirects === MAX_REDIRECTS) return;
    router.history.replace(location);
  }
}
