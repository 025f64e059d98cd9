import { graphql } from 'react-relay';
import type { RegisterInput, useRegisterMutation } from './__generated__/useRegisterMutation.graphql';
import { useSignIn } from './useSignIn';

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
 * Register: creates the account with an invite code, signs it in, says 'Account created
 * successfully!' and goes home; a failure says 'Registration failed' and why.
 */
export function useRegister(): [register: (input: RegisterInput) => void, registering: boolean] {
  return useSignIn<useRegisterMutation>(mutation, (response) => response.register, {
    success: 'Account created successfully!',
    failure: 'Registration failed',
  });
}
