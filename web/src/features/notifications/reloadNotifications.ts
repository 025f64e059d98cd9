import { fetchQuery } from 'react-relay';
import type { Environment } from 'relay-runtime';
import { rerunWhileRunning } from '../../relay/rerunWhileRunning';
import type { NotificationListQuery } from './__generated__/NotificationListQuery.graphql';
import { notificationListQuery } from './NotificationListQuery';

/** Reloads the bell's count and the list: for the poller, and after a live notification during a poll too. */
export const reloadNotifications = rerunWhileRunning((environment: Environment) =>
  fetchQuery<NotificationListQuery>(environment, notificationListQuery, {}, { fetchPolicy: 'network-only' }).toPromise(),
);
