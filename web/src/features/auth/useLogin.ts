import { graphql } from 'react-relay';
import type { LoginInput, useLoginMutation } from './__generated__/useLoginMutation.graphql';
import { useSignIn } from './useSignIn';

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

/** Login: signs in, says 'Welcome back!' and goes home; a failure says 'Login failed' and why. */
export function useLogin(): [login: (input: LoginInput) => void, signingIn: boolean] {
  return useSignIn<useLoginMutation>(mutation, (response) => response.login, { success: 'Welcome back!', failure: 'Login failed' });
}
