import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useMuteAuthorMutation } from './__generated__/useMuteAuthorMutation.graphql';

const mutation = graphql`
  mutation useMuteAuthorMutation($userId: ID!) {
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

/**
 * Mutes the author of a comment or share note: their shares, comments and mentions are kept from the viewer from the
 * next load on, and they are not told. Unmuting is on their profile.
 */
export function useMuteAuthor(): (user: { id: string; username: string }) => void {
  const [commit] = useMutation<useMuteAuthorMutation>(mutation);
  return useCallback(
    ({ id, username }: { id: string; username: string }) =>
      commit({
        variables: { userId: id },
        optimisticResponse: { muteUser: { __typename: 'User', id, isMuted: true } },
        ...toastOutcome((response: useMuteAuthorMutation['response']) => response.muteUser, {
          expected: 'User',
          success: `Muted @${username}: their comments and shares are kept from you`,
          failure: 'Failed to mute',
          refusal: 'title',
        }),
      }),
    [commit],
  );
}
