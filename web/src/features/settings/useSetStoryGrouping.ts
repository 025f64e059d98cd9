import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useSetStoryGroupingMutation } from './__generated__/useSetStoryGroupingMutation.graphql';

const mutation = graphql`
  mutation useSetStoryGroupingMutation($groupStories: Boolean!) {
    setStoryGrouping(groupStories: $groupStories) {
      __typename
      ... on User {
        id
        groupStories
      }
      ... on Error {
        message
      }
    }
  }
`;

/**
 * Switches whether the viewer's article lists show one card per story, at once, and keeps it on the account.
 * Quiet when it works; a failure puts the old choice back and says so. The lists read so far were drawn under the
 * old choice: the viewer is marked stale once the server has it, and every list query reads the viewer, so the
 * next list shown is asked for again rather than taken from the store.
 */
export function useSetStoryGrouping(viewerId: string): (groupStories: boolean) => void {
  const [commit] = useMutation<useSetStoryGroupingMutation>(mutation);
  return useCallback(
    (groupStories: boolean) =>
      commit({
        variables: { groupStories },
        optimisticResponse: { setStoryGrouping: { __typename: 'User', id: viewerId, groupStories } },
        updater: (store, response) => {
          if (response?.setStoryGrouping.__typename === 'User') store.get(viewerId)?.invalidateRecord();
        },
        ...toastOutcome((response: useSetStoryGroupingMutation['response']) => response.setStoryGrouping, {
          expected: 'User',
          success: null,
          failure: 'Failed to save the story grouping',
        }),
      }),
    [commit, viewerId],
  );
}
