import { RouterProvider } from '@tanstack/react-router';
import { lazy, StrictMode, Suspense, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { RelayEnvironmentProvider } from 'react-relay';
import { createSessionStore } from './auth/session';
import { appStorage } from './auth/storage';
import { InstanceProvider } from './features/instance/InstanceProvider';
import { createRelayEnvironments } from './relay/environment';
import { SESSION_COOKIE, writeDrawCookie } from './auth/drawCookies';
import { createAppRouter } from './router';
import './styles.css';
import { loadToasts, MAX_VISIBLE_TOASTS, notify, TOAST_DURATION } from './ui/toast';

const Toaster = lazy(() => loadToasts().then((module) => ({ default: module.Toaster })));

const session = createSessionStore();
const relay = createRelayEnvironments(session, (message) => {
  session.clear();
  notify.error(message, { id: 'session-expired' });
  void router.navigate({ to: '/login' });
});
// The server draws the article list of the session it finds in this cookie, before the scripts have run.
const keepSessionCookie = () => writeDrawCookie(SESSION_COOKIE, session.get()?.token ?? null);
keepSessionCookie();
session.subscribe(keepSessionCookie);
const router = createAppRouter({ session, relay, storage: appStorage });

/**
 * React draws the first screen once its queries have answered, in one piece: drawn sooner, the shell would show with
 * the list's skeleton, and React holds a list back for 300 ms after its skeleton appears. A slow answer is not
 * waited for longer than the router waits before showing a pending screen.
 */
const FIRST_SCREEN_WAIT_MS = 1000;

function App() {
  // Re-render on sign-in and sign-out: each session gets its own Relay environment.
  useSyncExternalStore(session.subscribe, session.get);
  return (
    <RelayEnvironmentProvider environment={relay.current()}>
      <InstanceProvider>
        <RouterProvider router={router} />
      </InstanceProvider>
      <Suspense fallback={null}>
        <Toaster
          position="top-center"
          theme="system"
          closeButton
          containerAriaLabel="Messages"
          visibleToasts={MAX_VISIBLE_TOASTS}
          toastOptions={{ duration: TOAST_DURATION.other }}
        />
      </Suspense>
    </RelayEnvironmentProvider>
  );
}

// The first screen's queries go out as the app starts, from the routes' loaders.
void router
  .load()
  .then(() => relay.settled(FIRST_SCREEN_WAIT_MS))
  .finally(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
