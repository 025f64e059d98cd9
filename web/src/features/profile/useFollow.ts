import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useToggleMutation, type ToggleSide } from '../../relay/useToggleMutation';

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

const FOLLOW: ToggleSide = { mutation: followMutation, field: 'follow' };
const UNFOLLOW: ToggleSide = { mutation: unfollowMutation, field: 'unfollow' };

/**
 * Follows or unfollows a user at once on screen. When the server refuses or cannot be reached, Relay drops
 * the optimistic state (the button is as before) and the server's message says why.
 */
export function useToggleFollow(): (user: { id: string; viewerFollows: boolean }) => void {
  const toggle = useToggleMutation(FOLLOW, UNFOLLOW);
  return useCallback(
    ({ id, viewerFollows }) =>
      toggle(!viewerFollows, {
        variables: { userId: id },
        optimistic: { __typename: 'User', id, viewerFollows: !viewerFollows },
        outcome: { expected: 'User', success: null, failure: 'Request failed', refusal: 'title', describeRequestError: true },
      }),
    [toggle],
  );
}
