import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useChangePasswordMutation } from './__generated__/useChangePasswordMutation.graphql';
import { passwordFailureText } from './passwordChange';

const mutation = graphql`
  mutation useChangePasswordMutation($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      __typename
      ... on User {
        id
      }
      ... on Error {
        message
      }
    }
  }
`;

/**
 * Changes the viewer's password; the server keeps this session and ends the others. Says
 * 'Password updated successfully', 'Current password is incorrect' or 'Failed to update password'.
 */
export function useChangePassword(): [
  change: (input: { currentPassword: string; newPassword: string }, onChanged: () => void) => void,
  changing: boolean,
] {
  const [commit, changing] = useMutation<useChangePasswordMutation>(mutation);
  const change = useCallback(
    (input: { currentPassword: string; newPassword: string }, onChanged: () => void) =>
      commit({
        variables: { input },
        ...toastOutcome((response: useChangePasswordMutation['response']) => response.changePassword, {
          expected: 'User',
          success: 'Password updated successfully',
          failure: 'Failed to update password',
          refusal: passwordFailureText,
          onSuccess: onChanged,
        }),
      }),
    [commit],
  );
  return [change, changing];
}
