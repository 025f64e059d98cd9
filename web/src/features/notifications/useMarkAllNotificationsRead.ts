import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { ConnectionHandler, type RecordSourceSelectorProxy } from 'relay-runtime';
import { notify } from '../../ui/toast';
import type { useMarkAllNotificationsReadMutation } from './__generated__/useMarkAllNotificationsReadMutation.graphql';
import { NOTIFICATIONS_CONNECTION_KEY } from './connection';

const mutation = graphql`
  mutation useMarkAllNotificationsReadMutation {
    markAllNotificationsRead {
      markedCount
    }
  }
`;

// The payload carries only a count, so the loaded notifications are marked read here (spec part 1 §4: count zero).
function markLoadedRead(store: RecordSourceSelectorProxy) {
  const root = store.getRoot();
  root.setValue(0, 'unreadNotificationCount');
  const connection = ConnectionHandler.getConnection(root, NOTIFICATIONS_CONNECTION_KEY);
  for (const edge of connection?.getLinkedRecords('edges') ?? []) edge?.getLinkedRecord('node')?.setValue(true, 'read');
}

/** Marks every notification read and confirms with a toast. */
export function useMarkAllNotificationsRead() {
  const [commit, isInFlight] = useMutation<useMarkAllNotificationsReadMutation>(mutation);
  const markAll = useCallback(
    () =>
      commit({
        variables: {},
        updater: markLoadedRead,
        onCompleted: () => notify.success('All notifications marked as read'),
        onError: () => notify.error('Failed to mark all notifications as read'),
      }),
    [commit],
  );
  return [markAll, isInFlight] as const;
}
