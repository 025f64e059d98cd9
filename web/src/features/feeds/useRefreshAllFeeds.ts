import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useRefreshAllFeedsMutation } from './__generated__/useRefreshAllFeedsMutation.graphql';
import { emitFeedsRefreshed } from './feedsRefreshed';
import { useReloadFeeds } from './loadFeeds';
import { refreshAllMessage } from './refreshAll';

const mutation = graphql`
  mutation useRefreshAllFeedsMutation {
    refreshAllSubscriptions {
      __typename
      articlesAdded
      feedsRefreshed
      failed
      alreadyRunning
    }
  }
`;

/**
 * Refresh all feeds (spec part 1 §2, §4): says how many articles are new (or, as an info line, that a refresh
 * was already running), then reloads the feeds (their errors may have changed) and tells the article list
 * through 'feeds refreshed'; a failure says 'Failed to refresh feeds'.
 */
export function useRefreshAllFeeds(): [refresh: () => void, running: boolean] {
  const reload = useReloadFeeds();
  const [commit, running] = useMutation<useRefreshAllFeedsMutation>(mutation);
  const refresh = useCallback(
    () =>
      commit({
        variables: {},
        ...toastOutcome((response: useRefreshAllFeedsMutation['response']) => response.refreshAllSubscriptions, {
          expected: 'RefreshAllSubscriptionsPayload',
          success: (outcome) => refreshAllMessage(outcome),
          failure: 'Failed to refresh feeds',
          onSuccess: (outcome) => {
            if (outcome.alreadyRunning) return;
            void reload();
            emitFeedsRefreshed();
          },
        }),
      }),
    [commit, reload],
  );
  return [refresh, running];
}
