import { RouterProvider } from '@tanstack/react-router';
import { lazy, StrictMode, Suspense, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { RelayEnvironmentProvider } from 'react-relay';
import { createSessionStore } from './auth/session';
import { InstanceProvider } from './features/instance/InstanceProvider';
import { createRelayEnvironments } from './relay/environment';
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
const router = createAppRouter({ session, relay });
// The first screen's queries go out now, while React renders for the first time, rather than once it has.
void router.load();

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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
