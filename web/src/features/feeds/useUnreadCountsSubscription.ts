import { useMemo } from 'react';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import { lazyGraphQL } from '../../relay/lazyGraphQL';
import { useLazySubscription } from '../../relay/useLazySubscription';
import type { unreadCountsSubscription as Subscription } from './__generated__/unreadCountsSubscription.graphql';
import { loadUnreadCountsInStore, unreadCountsInStore } from './lazyUnreadCounts';

// The subscription starts once both are there, so its updater always finds the store's setter.
const subscription = lazyGraphQL(() =>
  Promise.all([import('./unreadCountsSubscription'), loadUnreadCountsInStore()]).then(([module]) => module.unreadCountsSubscription),
);

/**
 * Keeps the sidebar's and drawer's unread counts right in every open tab of the user: the server tells each tab
 * when the user's unread articles change (here or elsewhere), with the counts that moved as they are now, and
 * they are set on the subscriptions and folders the store holds, so every row showing them updates.
 */
export function useUnreadCountsSubscription() {
  const config = useMemo<Omit<GraphQLSubscriptionConfig<Subscription>, 'subscription'>>(
    () => ({
      variables: {},
      updater: (store, data) => unreadCountsInStore()?.setChangedCounts(store, data?.unreadCountsChanged),
      // The socket retries by itself; the counts come again with the next reload of the feeds.
      onError: () => {},
    }),
    [],
  );
  useLazySubscription(subscription, config);
}
