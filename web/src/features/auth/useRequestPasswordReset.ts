import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useRequestPasswordResetMutation } from './__generated__/useRequestPasswordResetMutation.graphql';

const mutation = graphql`
  mutation useRequestPasswordResetMutation($input: RequestPasswordResetInput!) {
    requestPasswordReset(input: $input) {
      __typename
      ... on MessagePayload {
        message
      }
      ... on Error {
        message
      }
    }
  }
`;

/**
 * Forgot password: asks for a reset link. Success shows no toast: `onSent` gets the server's
 * notice for the form to show in place; a failure says 'Failed to send reset email' and why.
 */
export function useRequestPasswordReset(): [request: (email: string, onSent: (notice: string) => void) => void, sending: boolean] {
  const [commit, sending] = useMutation<useRequestPasswordResetMutation>(mutation);
  const request = useCallback(
    (email: string, onSent: (notice: string) => void) =>
      commit({
        variables: { input: { email } },
        ...toastOutcome((response: useRequestPasswordResetMutation['response']) => response.requestPasswordReset, {
          expected: 'MessagePayload',
          success: null,
          failure: 'Failed to send reset email',
          describeRequestError: true,
          onSuccess: (payload) => onSent(payload.message ?? ''),
        }),
      }),
    [commit],
  );
  return [request, sending];
}
