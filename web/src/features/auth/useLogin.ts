import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { LoginInput, useLoginMutation } from './__generated__/useLoginMutation.graphql';
import { useSignedIn } from './useSignedIn';

const mutation = graphql`
  mutation useLoginMutation($input: LoginInput!) {
    login(input: $input) {
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

/** Login (spec part 1 §2): signs in, says 'Welcome back!' and goes home; a failure says 'Login failed' and why. */
export function useLogin(): [login: (input: LoginInput) => void, signingIn: boolean] {
  const signedIn = useSignedIn();
  const [commit, signingIn] = useMutation<useLoginMutation>(mutation);
  const login = useCallback(
    (input: LoginInput) =>
      commit({
        variables: { input },
        ...toastOutcome((response: useLoginMutation['response']) => response.login, {
          expected: 'AuthPayload',
          success: 'Welcome back!',
          failure: 'Login failed',
          describeRequestError: true,
          onSuccess: signedIn,
        }),
      }),
    [commit, signedIn],
  );
  return [login, signingIn];
}
