import { useMemo } from 'react';
import { graphql, useSubscription } from 'react-relay';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import { notify } from '../../ui/toast';
import type { useNotificationAddedSubscription as Subscription } from './__generated__/useNotificationAddedSubscription.graphql';
import { NOTIFICATIONS_CONNECTION_ID } from './connection';

const subscription = graphql`
  subscription useNotificationAddedSubscription($connections: [ID!]!) {
    notificationAdded @prependNode(connections: $connections, edgeTypeName: "QueryNotificationsConnectionEdge") {
      type
      fromUser {
        username
      }
      ...NotificationItem_notification
    }
  }
`;

const MENTION_TYPES = new Set(['comment_mention', 'share_mention']);

/** Spec part 1 §4: a live notification joins the front of the list as unread, raises the count, and a mention toasts. */
export function useNotificationAddedSubscription() {
  const config = useMemo<GraphQLSubscriptionConfig<Subscription>>(
    () => ({
      subscription,
      variables: { connections: [NOTIFICATIONS_CONNECTION_ID] },
      updater: (store) => {
        const root = store.getRoot();
        const count = root.getValue('unreadNotificationCount');
        if (typeof count === 'number') root.setValue(count + 1, 'unreadNotificationCount');
      },
      onNext: (data) => {
        const added = data?.notificationAdded;
        if (added && MENTION_TYPES.has(added.type) && added.fromUser) notify.info(`New mention from @${added.fromUser.username}`);
      },
      // The socket retries by itself, and an ended session is reported by the HTTP calls; polling covers any gap.
      onError: () => {},
    }),
    [],
  );
  useSubscription(config);
}
