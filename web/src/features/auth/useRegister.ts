import { REGISTRATION_REFUSALS, registrationFieldOf } from '@tidings/shared/registration';
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
 * successfully!' and goes home; a refusal that belongs to a field (a used invite code, a taken username or e-mail)
 * goes to `atField`, any other failure says 'Registration failed' and why.
 */
export function useRegister(
  atField: (field: RegistrationField, reason: string) => void,
): [register: (input: RegisterInput) => void, registering: boolean] {
  return useSignIn<useRegisterMutation>(
    mutation,
    (response) => response.register,
    { success: 'Account created successfully!', failure: 'Registration failed' },
    (reason) => {
      const field = registrationFieldOf(reason);
      if (field) atField(field, reason!);
      return field !== null;
    },
  );
}

export type RegistrationField = keyof typeof REGISTRATION_REFUSALS;
