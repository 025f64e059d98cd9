import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useDeleteUserMutation } from './__generated__/useDeleteUserMutation.graphql';

const mutation = graphql`
  mutation useDeleteUserMutation($id: ID!) {
    deleteUser(id: $id) {
      __typename
      ... on DeleteUserPayload {
        deletedUserId
      }
      ... on Error {
        message
      }
    }
  }
`;

/** Deletes a user and their data; `onDeleted` reloads the page of users (the total changes). */
export function useDeleteUser(onDeleted: () => void): [remove: (id: string, name: string) => void, deleting: boolean] {
  const [commit, deleting] = useMutation<useDeleteUserMutation>(mutation);
  const remove = useCallback(
    (id: string, name: string) =>
      commit({
        variables: { id },
        ...toastOutcome((response: useDeleteUserMutation['response']) => response.deleteUser, {
          expected: 'DeleteUserPayload',
          success: `User "${name}" deleted`,
          failure: 'Failed to delete user',
          onSuccess: onDeleted,
        }),
      }),
    [commit, onDeleted],
  );
  return [remove, deleting];
}
