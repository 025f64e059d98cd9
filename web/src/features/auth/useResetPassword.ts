import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useResetPasswordMutation } from './__generated__/useResetPasswordMutation.graphql';

const mutation = graphql`
  mutation useResetPasswordMutation($input: ResetPasswordInput!) {
    resetPassword(input: $input) {
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
 * Reset password: sets a new password with the link's token. The server's message is the
 * success toast and goes to `onReset`; a failure says 'Failed to reset password' and why.
 */
export function useResetPassword(): [
  reset: (token: string, newPassword: string, onReset: (message: string) => void) => void,
  resetting: boolean,
] {
  const [commit, resetting] = useMutation<useResetPasswordMutation>(mutation);
  const reset = useCallback(
    (token: string, newPassword: string, onReset: (message: string) => void) =>
      commit({
        variables: { input: { token, newPassword } },
        ...toastOutcome((response: useResetPasswordMutation['response']) => response.resetPassword, {
          expected: 'MessagePayload',
          success: (payload) => payload.message || null,
          failure: 'Failed to reset password',
          describeRequestError: true,
          onSuccess: (payload) => payload.message && onReset(payload.message),
        }),
      }),
    [commit],
  );
  return [reset, resetting];
}
