import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useToggleMutation, type ToggleSide } from '../../relay/useToggleMutation';

const blockMutation = graphql`
  mutation useBlockBlockMutation($userId: ID!) {
    blockUser(userId: $userId) {
      __typename
      ... on User {
        id
        isBlocked
      }
      ... on Error {
        message
      }
    }
  }
`;

const unblockMutation = graphql`
  mutation useBlockUnblockMutation($userId: ID!) {
    unblockUser(userId: $userId) {
      __typename
      ... on User {
        id
        isBlocked
      }
      ... on Error {
        message
      }
    }
  }
`;

const BLOCK: ToggleSide = { mutation: blockMutation, field: 'blockUser' };
const UNBLOCK: ToggleSide = { mutation: unblockMutation, field: 'unblockUser' };

/**
 * (isMuted is not asked for: it says whether the viewer muted them themselves, which neither changes.)
 *
 * Blocks or unblocks a user at once on screen, and says so in a toast. When the server refuses or cannot be reached,
 * Relay drops the optimistic state (the button is as before) and the server's message says why.
 */
export function useToggleBlock(): (user: { id: string; username: string; isBlocked: boolean }) => void {
  const toggle = useToggleMutation(BLOCK, UNBLOCK);
  return useCallback(
    ({ id, username, isBlocked }) =>
      toggle(!isBlocked, {
        variables: { userId: id },
        optimistic: { __typename: 'User', id, isBlocked: !isBlocked },
        outcome: {
          expected: 'User',
          success: isBlocked ? `Unblocked @${username}` : `Blocked @${username}`,
          failure: 'Request failed',
          refusal: 'title',
          describeRequestError: true,
        },
      }),
    [toggle],
  );
}
