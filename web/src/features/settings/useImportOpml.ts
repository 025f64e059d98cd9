import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import { useReloadFeeds } from '../feeds/loadFeeds';
import type { useImportOpmlMutation } from './__generated__/useImportOpmlMutation.graphql';

const mutation = graphql`
  mutation useImportOpmlMutation($filename: String!, $text: String!) {
    importOpml(filename: $filename, text: $text) {
      __typename
      ... on ImportOpmlPayload {
        added
        skipped
        errors
      }
      ... on Error {
        message
      }
    }
  }
`;

/**
 * Imports an OPML file (spec part 2 §2): says 'Import complete! Added X feeds, skipped Y (already subscribed),
 * Z errors', or the server's reason, or 'Failed to import OPML file' (§8), and reloads Feeds & Folders so the
 * new subscriptions show in the sidebar.
 */
export function useImportOpml(): [importFile: (filename: string, text: string, onDone: () => void) => void, importing: boolean] {
  const reloadFeeds = useReloadFeeds();
  const [commit, importing] = useMutation<useImportOpmlMutation>(mutation);
  const importFile = useCallback(
    (filename: string, text: string, onDone: () => void) =>
      commit({
        variables: { filename, text },
        ...toastOutcome((response: useImportOpmlMutation['response']) => response.importOpml, {
          expected: 'ImportOpmlPayload',
          success: ({ added, skipped, errors }) =>
            `Import complete! Added ${added} feeds, skipped ${skipped} (already subscribed), ${errors} errors`,
          failure: 'Failed to import OPML file',
          refusal: 'title',
          onSuccess: () => {
            onDone();
            void reloadFeeds();
          },
          onFailure: onDone,
        }),
      }),
    [commit, reloadFeeds],
  );
  return [importFile, importing];
}
