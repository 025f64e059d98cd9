import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import { notify } from '../../ui/toast';
import type { useRefreshAllFeedsMutation } from './__generated__/useRefreshAllFeedsMutation.graphql';
import { showFailingFeeds } from './failingFeedsFilter';
import { emitFeedsChanged } from './feedsChanged';
import { useReloadFeeds } from './loadFeeds';
import { refreshAllMessage } from './refreshAll';

const mutation = graphql`
  mutation useRefreshAllFeedsMutation {
    refreshAllSubscriptions {
      __typename
      articlesAdded
      feedsRefreshed
      failed
      failedFeeds {
        title
      }
      alreadyRunning
    }
  }
`;

// Long enough to reach the toast's action.
const FAILED_TOAST_MS = 10_000;

/**
 * Refresh all feeds: says how many articles are new (or, as an info line, that a refresh
 * was already running) or how many feeds failed, with an action that filters Feeds & Folders to them; then
 * reloads the feeds (their errors may have changed) and tells the article list through 'feeds refreshed'; a
 * failure of the request says 'Failed to refresh feeds'.
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
          success: (outcome) => (outcome.failedFeeds.length > 0 ? null : refreshAllMessage(outcome)),
          failure: 'Failed to refresh feeds',
          onSuccess: (outcome) => {
            if (outcome.failedFeeds.length > 0) {
              const { text, description } = refreshAllMessage(outcome);
              notify.error(text, {
                description,
                duration: FAILED_TOAST_MS,
                action: { label: 'Show', onClick: showFailingFeeds },
              });
            }
            if (outcome.alreadyRunning) return;
            void reload();
            emitFeedsChanged();
          },
        }),
      }),
    [commit, reload],
  );
  return [refresh, running];
}
