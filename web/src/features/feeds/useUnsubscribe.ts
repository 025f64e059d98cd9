import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useUnsubscribeMutation } from './__generated__/useUnsubscribeMutation.graphql';
import { emitFeedsChanged } from './feedsChanged';
import { useReloadFeeds } from './loadFeeds';

const mutation = graphql`
  mutation useUnsubscribeMutation($id: ID!) {
    unsubscribe(id: $id) {
      __typename
      ... on UnsubscribePayload {
        deletedSubscriptionId
      }
      ... on Error {
        message
      }
    }
  }
`;

/**
 * Unsubscribes (after its confirmation): 'Unsubscribed from feed' and the lists reload, the article list too (its
 * articles leave it) after `onUnsubscribed`; or 'Failed to unsubscribe'.
 */
export function useUnsubscribe(): (id: string, onUnsubscribed?: () => void) => void {
  const reload = useReloadFeeds();
  const [commit] = useMutation<useUnsubscribeMutation>(mutation);
  return useCallback(
    (id: string, onUnsubscribed?: () => void) =>
      commit({
        variables: { id },
        ...toastOutcome((response: useUnsubscribeMutation['response']) => response.unsubscribe, {
          expected: 'UnsubscribePayload',
          success: 'Unsubscribed from feed',
          failure: 'Failed to unsubscribe',
          onSuccess: () => {
            void reload();
            onUnsubscribed?.();
            emitFeedsChanged();
          },
        }),
      }),
    [commit, reload],
  );
}
