import { useMemo } from 'react';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import { lazyGraphQL } from '../../relay/lazyGraphQL';
import { useLazySubscription } from '../../relay/useLazySubscription';
import type { unreadCountsSubscription as Subscription } from './__generated__/unreadCountsSubscription.graphql';

// The store takes the subscriptions and folders by id, so every row showing their counts updates.
const subscription = lazyGraphQL(() => import('./unreadCountsSubscription').then((module) => module.unreadCountsSubscription));

/**
 * Keeps the sidebar's and drawer's unread counts right in every open tab of the user: the server tells each tab
 * when the user's unread articles change (here or elsewhere), with the counts as they are now.
 */
export function useUnreadCountsSubscription() {
  const config = useMemo<Omit<GraphQLSubscriptionConfig<Subscription>, 'subscription'>>(
    () => ({
      variables: {},
      // The socket retries by itself; the counts come again with the next reload of the feeds.
      onError: () => {},
    }),
    [],
  );
  useLazySubscription(subscription, config);
}
