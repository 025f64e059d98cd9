import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { ConnectionHandler, type RecordSourceSelectorProxy } from 'relay-runtime';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useMarkAllNotificationsReadMutation } from './__generated__/useMarkAllNotificationsReadMutation.graphql';
import { NOTIFICATIONS_CONNECTION_KEY } from './connection';

const mutation = graphql`
  mutation useMarkAllNotificationsReadMutation {
    markAllNotificationsRead {
      __typename
      markedCount
    }
  }
`;

// The payload carries only a count, so the loaded groups are marked read here and the unread count set to zero.
function markLoadedRead(store: RecordSourceSelectorProxy) {
  const root = store.getRoot();
  root.setValue(0, 'unreadNotificationGroupCount');
  const connection = ConnectionHandler.getConnection(root, NOTIFICATIONS_CONNECTION_KEY);
  for (const edge of connection?.getLinkedRecords('edges') ?? []) {
    const group = edge?.getLinkedRecord('node');
    group?.setValue(true, 'read');
    group?.setValue(0, 'unreadCount');
  }
}

/** Marks every notification read and confirms with a toast. */
export function useMarkAllNotificationsRead() {
  const [commit, isInFlight] = useMutation<useMarkAllNotificationsReadMutation>(mutation);
  const markAll = useCallback(
    () =>
      commit({
        variables: {},
        updater: markLoadedRead,
        ...toastOutcome((response: useMarkAllNotificationsReadMutation['response']) => response.markAllNotificationsRead, {
          expected: 'MarkAllNotificationsReadPayload',
          success: 'All notifications marked as read',
          failure: 'Failed to mark all notifications as read',
        }),
      }),
    [commit],
  );
  return [markAll, isInFlight] as const;
}
