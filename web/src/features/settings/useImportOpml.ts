import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import { notify } from '../../ui/toast';
import type { BulkSummary } from '../discover/bulkSubscribeToasts';
import { useFollowBulkJob, type BulkProgress } from '../discover/useFollowBulkJob';
import { useReloadFeeds } from '../feeds/loadFeeds';
import type { useImportOpmlMutation } from './__generated__/useImportOpmlMutation.graphql';

const mutation = graphql`
  mutation useImportOpmlMutation($filename: String!, $text: String!) {
    importOpml(filename: $filename, text: $text) {
      __typename
      ... on BulkSubscribePayload {
        jobId
        summary {
          subscribed
          skipped
          errors
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const FAILED = 'Failed to import OPML file';

/**
 * Imports an OPML file: ten feeds or fewer are done in the request, more run as a job whose
 * progress (`progress`, n of N) this follows. Then it says 'Import complete! Added X feeds, skipped Y (already
 * subscribed), Z errors', or the server's reason, or 'Failed to import OPML file', and reloads Feeds &
 * Folders so the new subscriptions show in the sidebar. `onDone` runs either way.
 */
export function useImportOpml(): {
  importFile: (filename: string, text: string, feedCount: number, onDone: () => void) => void;
  importing: boolean;
  progress: BulkProgress | null;
} {
  const reloadFeeds = useReloadFeeds();
  const [commit, committing] = useMutation<useImportOpmlMutation>(mutation);
  const { follow, progress } = useFollowBulkJob();

  const finish = useCallback(
    ({ subscribed, skipped, errors }: BulkSummary, onDone: () => void) => {
      notify.success(`Import complete! Added ${subscribed} feeds, skipped ${skipped} (already subscribed), ${errors} errors`);
      onDone();
      void reloadFeeds();
    },
    [reloadFeeds],
  );

  const importFile = useCallback(
    (filename: string, text: string, feedCount: number, onDone: () => void) =>
      commit({
        variables: { filename, text },
        ...toastOutcome((response: useImportOpmlMutation['response']) => response.importOpml, {
          expected: 'BulkSubscribePayload',
          success: null,
          failure: FAILED,
          refusal: 'title',
          onSuccess: ({ summary, jobId }) => {
            if (summary) return finish(summary, onDone);
            if (jobId)
              follow(jobId, feedCount, {
                onFinished: (done) => finish(done, onDone),
                onFailed: () => {
                  notify.error(FAILED);
                  onDone();
                },
              });
          },
          onFailure: onDone,
        }),
      }),
    [commit, finish, follow],
  );

  return { importFile, importing: committing || progress !== null, progress };
}
