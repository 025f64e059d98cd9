import { fetchQuery } from 'react-relay';
import type { Environment } from 'relay-runtime';
import { rerunWhileRunning } from '../../relay/rerunWhileRunning';
import type { NotificationListQuery } from './__generated__/NotificationListQuery.graphql';

/**
 * Reloads the bell's count and the list: for the poller, and after a live notification during a poll too. The
 * list's query loads with the first reload, not with the first screen (which shows the count from the shell's query).
 */
export const reloadNotifications = rerunWhileRunning(async (environment: Environment) => {
  const { notificationListQuery } = await import('./NotificationListQuery');
  return fetchQuery<NotificationListQuery>(environment, notificationListQuery, {}, { fetchPolicy: 'network-only' }).toPromise();
});
