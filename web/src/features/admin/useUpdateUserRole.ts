import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useUpdateUserRoleMutation } from './__generated__/useUpdateUserRoleMutation.graphql';

const mutation = graphql`
  mutation useUpdateUserRoleMutation($id: ID!, $role: Role!, $isAdmin: Boolean!) {
    updateUserRole(id: $id, role: $role, isAdmin: $isAdmin) {
      __typename
      ... on AdminUser {
        id
        role
        isAdmin
      }
      ... on Error {
        message
      }
    }
  }
`;

/**
 * Promotes a user to administrator or demotes one to user: role and isAdmin always together. The
 * row updates in place from the answer.
 */
export function useUpdateUserRole(): [change: (id: string, role: 'admin' | 'user') => void, changing: boolean] {
  const [commit, changing] = useMutation<useUpdateUserRoleMutation>(mutation);
  const change = useCallback(
    (id: string, role: 'admin' | 'user') =>
      commit({
        variables: { id, role, isAdmin: role === 'admin' },
        ...toastOutcome((response: useUpdateUserRoleMutation['response']) => response.updateUserRole, {
          expected: 'AdminUser',
          success: `User role updated to ${role}`,
          failure: 'Failed to update user',
        }),
      }),
    [commit],
  );
  return [change, changing];
}
