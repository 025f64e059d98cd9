import { useEffect } from 'react';
import { useRelayEnvironment } from 'react-relay';
import { NetworkError, SessionExpiredError } from '../../relay/fetchGraphQL';
import { loadFailureReason } from '../../ui/loadFailureReason';
import { notify } from '../../ui/toast';
import { startFocusPoller } from './focusPoller';
import { reloadNotifications } from './reloadNotifications';

/** The notification poll interval. */
export const NOTIFICATION_POLL_MS = 30_000;

/** Keeps the unread count and the list fresh: every 30 s while the window has focus, and at once on focus. */
export function useNotificationPolling() {
  const environment = useRelayEnvironment();
  useEffect(() => {
    const load = () =>
      reloadNotifications(environment).catch((error: unknown) => {
        // An ended session is reported once, by the network layer; a lost connection by the screen's own load,
        // and the next poll tries again, so a background toast would only repeat it.
        if (!(error instanceof SessionExpiredError) && !(error instanceof NetworkError)) {
          notify.error('Failed to load notifications', { id: 'notifications-load', description: loadFailureReason(error) });
        }
      });
    return startFocusPoller({ load, intervalMs: NOTIFICATION_POLL_MS, target: window, hasFocus: () => document.hasFocus() });
  }, [environment]);
}
