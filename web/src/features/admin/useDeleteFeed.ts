import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useDeleteFeedMutation } from './__generated__/useDeleteFeedMutation.graphql';

const mutation = graphql`
  mutation useDeleteFeedMutation($id: ID!) {
    deleteFeed(id: $id) {
      __typename
      ... on DeleteFeedPayload {
        deletedFeedId
        title
      }
      ... on Error {
        message
      }
    }
  }
`;

/** Deletes a feed with its articles and subscriptions; `onDeleted` reloads the page of feeds (the total changes). */
export function useDeleteFeed(onDeleted: () => void): [remove: (id: string) => void, deleting: boolean] {
  const [commit, deleting] = useMutation<useDeleteFeedMutation>(mutation);
  const remove = useCallback(
    (id: string) =>
      commit({
        variables: { id },
        ...toastOutcome((response: useDeleteFeedMutation['response']) => response.deleteFeed, {
          expected: 'DeleteFeedPayload',
          success: (deleted) => `Feed "${deleted.title}" deleted`,
          failure: 'Failed to delete feed',
          onSuccess: onDeleted,
        }),
      }),
    [commit, onDeleted],
  );
  return [remove, deleting];
}
