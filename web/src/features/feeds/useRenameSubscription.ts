import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import { emitFeedsChanged } from './feedsChanged';
import type { useRenameSubscriptionMutation } from './__generated__/useRenameSubscriptionMutation.graphql';

const mutation = graphql`
  mutation useRenameSubscriptionMutation($id: ID!, $title: String) {
    renameSubscription(id: $id, input: { title: $title }) {
      __typename
      ... on FeedSubscription {
        id
        title
        customTitle
      }
      ... on Error {
        message
      }
    }
  }
`;

/**
 * Gives a subscription the viewer's own title, or back the feed's with a blank one: 'Feed
 * renamed!' or 'Failed to rename feed'. The answer updates the row in the store; the article list reloads, its
 * articles showing the feed's new name.
 */
export function useRenameSubscription(): (id: string, title: string) => void {
  const [commit] = useMutation<useRenameSubscriptionMutation>(mutation);
  return useCallback(
    (id: string, title: string) =>
      commit({
        variables: { id, title: title || null },
        ...toastOutcome((response: useRenameSubscriptionMutation['response']) => response.renameSubscription, {
          expected: 'FeedSubscription',
          success: 'Feed renamed!',
          failure: 'Failed to rename feed',
          onSuccess: emitFeedsChanged,
        }),
      }),
    [commit],
  );
}
