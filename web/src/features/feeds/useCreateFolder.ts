import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useCreateFolderMutation } from './__generated__/useCreateFolderMutation.graphql';
import { useReloadFeeds } from './loadFeeds';

const mutation = graphql`
  mutation useCreateFolderMutation($name: String!) {
    createFolder(input: { name: $name }) {
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

/** Create folder: says 'Folder created!' and reloads Feeds & Folders, or the server's reason. */
export function useCreateFolder(): [create: (name: string, onCreated: () => void) => void, creating: boolean] {
  const reload = useReloadFeeds();
  const [commit, creating] = useMutation<useCreateFolderMutation>(mutation);
  const create = useCallback(
    (name: string, onCreated: () => void) =>
      commit({
        variables: { name },
        ...toastOutcome((response: useCreateFolderMutation['response']) => response.createFolder, {
          expected: 'Folder',
          success: 'Folder created!',
          failure: 'Failed to create folder',
          refusal: 'title',
          onSuccess: () => {
            onCreated();
            void reload();
          },
        }),
      }),
    [commit, reload],
  );
  return [create, creating];
}
