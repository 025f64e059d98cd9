import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useRenameFolderMutation } from './__generated__/useRenameFolderMutation.graphql';
import { useReloadFeeds } from './loadFeeds';

const mutation = graphql`
  mutation useRenameFolderMutation($id: ID!, $name: String!) {
    renameFolder(id: $id, input: { name: $name }) {
      __typename
      ... on Folder {
        id
        name
      }
      ... on Error {
        message
      }
    }
  }
`;

/**
 * Renames a folder: 'Folder renamed!' or 'Failed to rename folder'; folders are listed by name, so the list reloads.
 */
export function useRenameFolder(): (id: string, name: string) => void {
  const reload = useReloadFeeds();
  const [commit] = useMutation<useRenameFolderMutation>(mutation);
  return useCallback(
    (id: string, name: string) =>
      commit({
        variables: { id, name },
        ...toastOutcome((response: useRenameFolderMutation['response']) => response.renameFolder, {
          expected: 'Folder',
          success: 'Folder renamed!',
          failure: 'Failed to rename folder',
          onSuccess: () => void reload(),
        }),
      }),
    [commit, reload],
  );
}
