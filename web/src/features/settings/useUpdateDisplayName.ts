import { useRouteContext } from '@tanstack/react-router';
import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useUpdateDisplayNameMutation } from './__generated__/useUpdateDisplayNameMutation.graphql';

// The user comes back with `name`, so the account menu (a fragment on the same record) shows the new name at once.
const mutation = graphql`
  mutation useUpdateDisplayNameMutation($input: UpdateProfileInput!) {
    updateProfile(input: $input) {
      __typename
      ... on User {
        id
        displayName
        name
      }
      ... on Error {
        message
      }
    }
  }
`;

/**
 * Saves the viewer's display name (blank clears it, so the username shows) and says
 * 'Display name updated successfully' or 'Failed to update display name'. The stored session takes the new name.
 */
export function useUpdateDisplayName(): [save: (displayName: string) => void, saving: boolean] {
  const { session } = useRouteContext({ from: '__root__' });
  const [commit, saving] = useMutation<useUpdateDisplayNameMutation>(mutation);
  const save = useCallback(
    (displayName: string) =>
      commit({
        variables: { input: { displayName: displayName.trim() || null } },
        ...toastOutcome((response: useUpdateDisplayNameMutation['response']) => response.updateProfile, {
          expected: 'User',
          success: 'Display name updated successfully',
          failure: 'Failed to update display name',
          onSuccess: ({ name }) => {
            const current = session.get();
            if (current && name) session.updateUser({ ...current.user, name });
          },
        }),
      }),
    [commit, session],
  );
  return [save, saving];
}
