import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { RegisterInput, useRegisterMutation } from './__generated__/useRegisterMutation.graphql';
import { useSignedIn } from './useSignedIn';

const mutation = graphql`
  mutation useRegisterMutation($input: RegisterInput!) {
    register(input: $input) {
      __typename
      ... on AuthPayload {
        token
        user {
          ...sessionUser_user
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

/**
 * Register (spec part 1 §2): creates the account with an invite code, signs it in, says 'Account created
 * successfully!' and goes home; a failure says 'Registration failed' and why.
 */
export function useRegister(): [register: (input: RegisterInput) => void, registering: boolean] {
  const signedIn = useSignedIn();
  const [commit, registering] = useMutation<useRegisterMutation>(mutation);
  const register = useCallback(
    (input: RegisterInput) =>
      commit({
        variables: { input },
        ...toastOutcome((response: useRegisterMutation['response']) => response.register, {
          expected: 'AuthPayload',
          success: 'Account created successfully!',
          failure: 'Registration failed',
          describeRequestError: true,
          onSuccess: signedIn,
        }),
      }),
    [commit, signedIn],
  );
  return [register, registering];
}
