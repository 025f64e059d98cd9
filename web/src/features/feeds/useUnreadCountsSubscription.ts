import { useMemo } from 'react';
import { graphql, useSubscription } from 'react-relay';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { useUnreadCountsSubscription as Subscription } from './__generated__/useUnreadCountsSubscription.graphql';

// The store takes the subscriptions and folders by id, so every row showing their counts updates.
const subscription = graphql`
  subscription useUnreadCountsSubscription {
    unreadCountsChanged {
      subscriptions {
        id
        unreadCount
      }
      folders {
        id
        unreadCount
      }
    }
  }
`;

/**
 * Keeps the sidebar's and drawer's unread counts right in every open tab of the user: the server tells each tab
 * when the user's unread articles change (here or elsewhere), with the counts as they are now.
 */
export function useUnreadCountsSubscription() {
  const config = useMemo<GraphQLSubscriptionConfig<Subscription>>(
    () => ({
      subscription,
      variables: {},
      // The socket retries by itself; the counts come again with the next reload of the feeds.
      onError: () => {},
    }),
    [],
  );
  useSubscription(config);
}
