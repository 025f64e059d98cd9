import { useMemo } from 'react';
import { graphql, useSubscription } from 'react-relay';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { useUnreadCountsSubscription as Subscription } from './__generated__/useUnreadCountsSubscription.graphql';
import { emitArticlesArrived } from './articlesArrived';
import { setChangedCounts } from './unreadCountsInStore';

const subscription = graphql`
  subscription useUnreadCountsSubscription {
    unreadCountsChanged {
      subscriptions {
        subscriptionId
        feedId
        unreadCount
      }
      folders {
        folderId
        unreadCount
      }
      arrived {
        articles
        subscribed
      }
    }
  }
`;

/**
 * Keeps the sidebar's and drawer's unread counts right in every open tab of the user: the server tells each tab
 * when the user's unread articles change (here or elsewhere), with the counts that moved as they are now, and
 * they are set on the subscriptions and folders the store holds, so every row showing them updates. When the change
 * brought new articles, the open article list hears of it (`articlesArrived.ts`).
 */
export function useUnreadCountsSubscription() {
  const config = useMemo<GraphQLSubscriptionConfig<Subscription>>(
    () => ({
      subscription,
      variables: {},
      updater: (store, data) => setChangedCounts(store, data?.unreadCountsChanged),
      onNext: (data) => {
        const counts = data?.unreadCountsChanged;
        if (!counts?.arrived) return;
        emitArticlesArrived({
          feedIds: counts.subscriptions.map(({ feedId }) => feedId),
          folderIds: counts.folders.map(({ folderId }) => folderId),
          ...counts.arrived,
        });
      },
      // The socket retries by itself; the counts come again with the next reload of the feeds.
      onError: () => {},
    }),
    [],
  );
  useSubscription(config);
}
