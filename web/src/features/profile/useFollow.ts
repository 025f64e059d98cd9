import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useFollowFollowMutation } from './__generated__/useFollowFollowMutation.graphql';
import type { useFollowUnfollowMutation } from './__generated__/useFollowUnfollowMutation.graphql';

const followMutation = graphql`
  mutation useFollowFollowMutation($userId: ID!) {
    follow(userId: $userId) {
      __typename
      ... on User {
        id
        viewerFollows
      }
      ... on Error {
        message
      }
    }
  }
`;

const unfollowMutation = graphql`
  mutation useFollowUnfollowMutation($userId: ID!) {
    unfollow(userId: $userId) {
      __typename
      ... on User {
        id
        viewerFollows
      }
      ... on Error {
        message
      }
    }
  }
`;

/**
 * Follows or unfollows a user at once on screen. When the server refuses or cannot be reached, Relay drops
 * the optimistic state (the button is as before) and the server's message says why (spec part 1 §8).
 */
export function useToggleFollow(): (user: { id: string; viewerFollows: boolean }) => void {
  const [follow] = useMutation<useFollowFollowMutation>(followMutation);
  const [unfollow] = useMutation<useFollowUnfollowMutation>(unfollowMutation);
  return useCallback(
    ({ id, viewerFollows }) => {
      const optimistic = { __typename: 'User' as const, id, viewerFollows: !viewerFollows };
      const told = { expected: 'User', success: null, failure: 'Request failed', refusal: 'title', describeRequestError: true } as const;
      if (viewerFollows) {
        unfollow({
          variables: { userId: id },
          optimisticResponse: { unfollow: optimistic },
          ...toastOutcome((response: useFollowUnfollowMutation['response']) => response.unfollow, told),
        });
      } else {
        follow({
          variables: { userId: id },
          optimisticResponse: { follow: optimistic },
          ...toastOutcome((response: useFollowFollowMutation['response']) => response.follow, told),
        });
      }
    },
    [follow, unfollow],
  );
}
