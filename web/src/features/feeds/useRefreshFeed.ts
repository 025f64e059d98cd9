import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useRefreshFeedMutation } from './__generated__/useRefreshFeedMutation.graphql';
import { timeAgo } from '../../ui/dates';
import { RETRY_LATER } from './FeedHealth';
import { emitFeedsChanged } from './feedsChanged';
import { useReloadFeeds } from './loadFeeds';
import { newArticles } from './refreshAll';

const mutation = graphql`
  mutation useRefreshFeedMutation($id: ID!) {
    refreshSubscription(id: $id) {
      __typename
      ... on RefreshSubscriptionPayload {
        articlesAdded
        error
        retryAt
      }
      ... on Error {
        message
      }
    }
  }
`;

/**
 * Retry of a failing feed: refreshes that one subscription, says whether it works now (and what is new), then
 * reloads the feeds so the row's error marker follows.
 */
export function useRefreshFeed(): [retry: (id: string) => void, running: boolean] {
  const reload = useReloadFeeds();
  const [commit, running] = useMutation<useRefreshFeedMutation>(mutation);
  const retry = useCallback(
    (id: string) =>
      commit({
        variables: { id },
        ...toastOutcome((response: useRefreshFeedMutation['response']) => response.refreshSubscription, {
          expected: 'RefreshSubscriptionPayload',
          success: ({ articlesAdded = 0, error, retryAt }) =>
            retryAt
              ? { kind: 'error', text: `${RETRY_LATER}: next try ${timeAgo(new Date(retryAt))}` }
              : error
                ? { kind: 'error', text: `Still failing: ${error}` }
                : articlesAdded > 0
                  ? `Found ${newArticles(articlesAdded)}`
                  : 'The feed works again',
          failure: 'Failed to refresh the feed',
          onSuccess: ({ articlesAdded = 0 }) => {
            void reload();
            if (articlesAdded > 0) emitFeedsChanged();
          },
        }),
      }),
    [commit, reload],
  );
  return [retry, running];
}
