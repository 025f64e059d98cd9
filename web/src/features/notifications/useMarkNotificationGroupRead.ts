import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useMarkNotificationGroupReadMutation } from './__generated__/useMarkNotificationGroupReadMutation.graphql';

const mutation = graphql`
  mutation useMarkNotificationGroupReadMutation($id: ID!) {
    markNotificationGroupRead(id: $id) {
      __typename
      ... on NotificationGroup {
        id
        read
        unreadCount
      }
      ... on Error {
        message
      }
    }
  }
`;

/** One row read lowers the unread count by one, never below zero. */
function decrementUnread(store: RecordSourceSelectorProxy) {
  const root = store.getRoot();
  const count = root.getValue('unreadNotificationGroupCount');
  if (typeof count === 'number') root.setValue(Math.max(0, count - 1), 'unreadNotificationGroupCount');
}

/** Marks one unread notification group (all its members) read, at once on screen, and says so if the server refuses. */
export function useMarkNotificationGroupRead() {
  const [commit] = useMutation<useMarkNotificationGroupReadMutation>(mutation);
  return useCallback(
    (id: string) =>
      commit({
        variables: { id },
        optimisticResponse: { markNotificationGroupRead: { __typename: 'NotificationGroup', id, read: true, unreadCount: 0 } },
        optimisticUpdater: decrementUnread,
        updater: (store, data) => {
          if (data?.markNotificationGroupRead.__typename === 'NotificationGroup') decrementUnread(store);
        },
        ...toastOutcome((response: useMarkNotificationGroupReadMutation['response']) => response.markNotificationGroupRead, {
          expected: 'NotificationGroup',
          success: null,
          failure: 'Failed to mark notification as read',
        }),
      }),
    [commit],
  );
}
