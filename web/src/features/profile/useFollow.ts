import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { notify } from '../../ui/toast';
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
      const onError = (error: Error) => notify.error(error.message || 'Request failed');
      const refused = (answer: { __typename: string; message?: string }) => {
        if (answer.__typename !== 'User') notify.error(answer.message ?? 'Request failed');
      };
      if (viewerFollows) {
        unfollow({
          variables: { userId: id },
          optimisticResponse: { unfollow: optimistic },
          onCompleted: ({ unfollow: answer }) => refused(answer),
          onError,
        });
      } else {
        follow({
          variables: { userId: id },
          optimisticResponse: { follow: optimistic },
          onCompleted: ({ follow: answer }) => refused(answer),
          onError,
        });
      }
    },
    [follow, unfollow],
  );
}
