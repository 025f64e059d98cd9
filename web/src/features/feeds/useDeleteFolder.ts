import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useDeleteFolderMutation } from './__generated__/useDeleteFolderMutation.graphql';
import { useReloadFeeds } from './loadFeeds';

const mutation = graphql`
  mutation useDeleteFolderMutation($id: ID!) {
    deleteFolder(id: $id) {
      __typename
      ... on DeleteFolderPayload {
        deletedFolderId
      }
      ... on Error {
        message
      }
    }
  }
`;

/**
 * Deletes a folder: 'Folder deleted!' or 'Failed to delete folder'. Its feeds move to the root
 * level, so the lists reload.
 */
export function useDeleteFolder(): (id: string) => void {
  const reload = useReloadFeeds();
  const [commit] = useMutation<useDeleteFolderMutation>(mutation);
  return useCallback(
    (id: string) =>
      commit({
        variables: { id },
        ...toastOutcome((response: useDeleteFolderMutation['response']) => response.deleteFolder, {
          expected: 'DeleteFolderPayload',
          success: 'Folder deleted!',
          failure: 'Failed to delete folder',
          onSuccess: () => void reload(),
        }),
      }),
    [commit, reload],
  );
}
