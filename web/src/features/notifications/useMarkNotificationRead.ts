import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useMarkNotificationReadMutation } from './__generated__/useMarkNotificationReadMutation.graphql';

const mutation = graphql`
  mutation useMarkNotificationReadMutation($id: ID!) {
    markNotificationRead(id: $id) {
      __typename
      ... on Notification {
        id
        read
      }
      ... on Error {
        message
      }
    }
  }
`;

/** Spec part 1 §4: one notification read lowers the unread count by one, never below zero. */
function decrementUnread(store: RecordSourceSelectorProxy) {
  const root = store.getRoot();
  const count = root.getValue('unreadNotificationCount');
  if (typeof count === 'number') root.setValue(Math.max(0, count - 1), 'unreadNotificationCount');
}

/** Marks one unread notification read, at once on screen, and says so if the server refuses. */
export function useMarkNotificationRead() {
  const [commit] = useMutation<useMarkNotificationReadMutation>(mutation);
  return useCallback(
    (id: string) =>
      commit({
        variables: { id },
        optimisticResponse: { markNotificationRead: { __typename: 'Notification', id, read: true } },
        optimisticUpdater: decrementUnread,
        updater: (store, data) => {
          if (data?.markNotificationRead.__typename === 'Notification') decrementUnread(store);
        },
        ...toastOutcome((response: useMarkNotificationReadMutation['response']) => response.markNotificationRead, {
          expected: 'Notification',
          success: null,
          failure: 'Failed to mark notification as read',
        }),
      }),
    [commit],
  );
}
