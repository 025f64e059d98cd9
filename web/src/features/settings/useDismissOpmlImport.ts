import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useDismissOpmlImportMutation } from './__generated__/useDismissOpmlImportMutation.graphql';

// The dismissed report leaves the store, so Settings' `opmlImportReport` reads null and the report goes.
const mutation = graphql`
  mutation useDismissOpmlImportMutation($jobId: ID!) {
    dismissOpmlImport(jobId: $jobId) {
      __typename
      ... on DismissOpmlImportPayload {
        dismissedJobId @deleteRecord
      }
      ... on Error {
        message
      }
    }
  }
`;

/** Dismisses an OPML import's report: it goes without a toast; a failure says 'Failed to dismiss the import report'. */
export function useDismissOpmlImport(): [dismiss: (jobId: string, onDismissed?: () => void) => void, dismissing: boolean] {
  const [commit, dismissing] = useMutation<useDismissOpmlImportMutation>(mutation);
  const dismiss = useCallback(
    (jobId: string, onDismissed?: () => void) =>
      commit({
        variables: { jobId },
        ...toastOutcome((response: useDismissOpmlImportMutation['response']) => response.dismissOpmlImport, {
          expected: 'DismissOpmlImportPayload',
          success: null,
          failure: 'Failed to dismiss the import report',
          onSuccess: () => onDismissed?.(),
        }),
      }),
    [commit],
  );
  return [dismiss, dismissing];
}
