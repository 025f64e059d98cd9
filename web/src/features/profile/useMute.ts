import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useToggleMutation, type ToggleSide } from '../../relay/useToggleMutation';

const muteMutation = graphql`
  mutation useMuteMuteMutation($userId: ID!) {
    muteUser(userId: $userId) {
      __typename
      ... on User {
        id
        isMuted
      }
      ... on Error {
        message
      }
    }
  }
`;

const unmuteMutation = graphql`
  mutation useMuteUnmuteMutation($userId: ID!) {
    unmuteUser(userId: $userId) {
      __typename
      ... on User {
        id
        isMuted
      }
      ... on Error {
        message
      }
    }
  }
`;

const MUTE: ToggleSide = { mutation: muteMutation, field: 'muteUser' };
const UNMUTE: ToggleSide = { mutation: unmuteMutation, field: 'unmuteUser' };

/**
 * Mutes or unmutes a user at once on screen, and says so in a toast. When the server refuses or cannot be reached,
 * Relay drops the optimistic state (the button is as before) and the server's message says why.
 */
export function useToggleMute(): (user: { id: string; username: string; isMuted: boolean }) => void {
  const toggle = useToggleMutation(MUTE, UNMUTE);
  return useCallback(
    ({ id, username, isMuted }) =>
      toggle(!isMuted, {
        variables: { userId: id },
        optimistic: { __typename: 'User', id, isMuted: !isMuted },
        outcome: {
          expected: 'User',
          success: isMuted ? `Unmuted @${username}` : `Muted @${username}`,
          failure: 'Request failed',
          refusal: 'title',
          describeRequestError: true,
        },
      }),
    [toggle],
  );
}
