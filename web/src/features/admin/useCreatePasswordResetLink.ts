import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useCreatePasswordResetLinkMutation } from './__generated__/useCreatePasswordResetLinkMutation.graphql';

const mutation = graphql`
  mutation useCreatePasswordResetLinkMutation($userId: ID!) {
    createPasswordResetLink(userId: $userId) {
      __typename
      ... on CreatePasswordResetLinkPayload {
        link
      }
      ... on Error {
        message
      }
    }
  }
`;

/**
 * Makes a single-use password reset link for another user. No toast on success: `onCreated` gets the link, for the
 * dialog that shows it once; a failure says 'Failed to make a reset link' and why.
 */
export function useCreatePasswordResetLink(): [create: (userId: string, onCreated: (link: string) => void) => void, creating: boolean] {
  const [commit, creating] = useMutation<useCreatePasswordResetLinkMutation>(mutation);
  const create = useCallback(
    (userId: string, onCreated: (link: string) => void) =>
      commit({
        variables: { userId },
        ...toastOutcome((response: useCreatePasswordResetLinkMutation['response']) => response.createPasswordResetLink, {
          expected: 'CreatePasswordResetLinkPayload',
          success: null,
          failure: 'Failed to make a reset link',
          // Relay merges the union's members into one type: the payload's link is optional there.
          onSuccess: (made) => made.link && onCreated(made.link),
        }),
      }),
    [commit],
  );
  return [create, creating];
}
