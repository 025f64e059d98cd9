import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import { toastOutcome } from '../../relay/toastOutcome';
import { notify } from '../../ui/toast';
import { useReloadFeeds } from '../feeds/loadFeeds';
import { IMPORT_FAILED, importCompleteText } from './opmlFile';
import type { useImportOpmlMutation } from './__generated__/useImportOpmlMutation.graphql';

const mutation = graphql`
  mutation useImportOpmlMutation($filename: String!, $text: String!) {
    importOpml(filename: $filename, text: $text) {
      __typename
      ... on BulkSubscribePayload {
        summary {
          subscribed
          skipped
          errors
        }
        report {
          id
          done
          ...OpmlImportReport_job
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

/**
 * The import's stored report becomes the one Settings shows (Query.opmlImportReport): the screen asked for "the
 * latest import", which the server cannot name in the payload, so the new record is linked there by hand.
 */
function showReport(store: RecordSourceSelectorProxy) {
  const report = store.getRootField('importOpml')?.getLinkedRecord('report');
  if (report) store.getRoot().setLinkedRecord(report, 'opmlImportReport');
}

/**
 * Imports an OPML file. Ten feeds or fewer are done in the request: 'Import complete! Added X feeds, skipped Y
 * (already subscribed), Z errors' and Feeds & Folders reloaded at once. More run as a job, whose report Settings
 * follows until it is done (OpmlImportReport). Either way the stored report shows until it is dismissed. A refusal
 * says the server's reason, or 'Failed to import OPML file'. `onDone` runs when the request is answered.
 */
export function useImportOpml(): {
  importFile: (filename: string, text: string, onDone: () => void) => void;
  importing: boolean;
} {
  const reloadFeeds = useReloadFeeds();
  const [commit, committing] = useMutation<useImportOpmlMutation>(mutation);

  const importFile = useCallback(
    (filename: string, text: string, onDone: () => void) =>
      commit({
        variables: { filename, text },
        updater: showReport,
        ...toastOutcome((response: useImportOpmlMutation['response']) => response.importOpml, {
          expected: 'BulkSubscribePayload',
          success: null,
          failure: IMPORT_FAILED,
          refusal: 'title',
          onSuccess: ({ summary }) => {
            onDone();
            if (!summary) return; // a job: its report tells when it is done
            notify.success(importCompleteText(summary));
            void reloadFeeds();
          },
          onFailure: onDone,
        }),
      }),
    [commit, reloadFeeds],
  );

  return { importFile, importing: committing };
}
