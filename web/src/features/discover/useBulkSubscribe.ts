import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import { notify } from '../../ui/toast';
import { useReloadFeeds } from '../feeds/loadFeeds';
import type { useBulkSubscribeMutation } from './__generated__/useBulkSubscribeMutation.graphql';
import { toastBulkSummary, type BulkSummary } from './bulkSubscribeToasts';
import { useFollowBulkJob, type BulkProgress } from './useFollowBulkJob';

const mutation = graphql`
  mutation useBulkSubscribeMutation($feedUrls: [String!]!) {
    bulkSubscribe(feedUrls: $feedUrls) {
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

const FAILED = 'Failed to subscribe to feeds';

/**
 * Subscribes to many feeds at once (Discover's bulk subscribe). Ten or fewer are done in the request; more run as a
 * job whose progress this follows. Either way the spec's toasts follow, the sidebar reloads and `onDone` runs when
 * something was subscribed (the selection clears).
 */
export function useBulkSubscribe(): {
  subscribe: (feedUrls: readonly string[], onDone: () => void) => void;
  busy: boolean;
  progress: BulkProgress | null;
} {
  const reloadFeeds = useReloadFeeds();
  const [commit, committing] = useMutation<useBulkSubscribeMutation>(mutation);
  const { follow, progress } = useFollowBulkJob();

  const finish = useCallback(
    (summary: BulkSummary, onDone: () => void) => {
      toastBulkSummary(summary);
      if (summary.subscribed > 0 || summary.skipped > 0) onDone();
      void reloadFeeds();
    },
    [reloadFeeds],
  );

  const subscribe = useCallback(
    (feedUrls: readonly string[], onDone: () => void) => {
      if (feedUrls.length === 0) return notify.error('No feeds selected');
      commit({
        variables: { feedUrls: [...feedUrls] },
        ...toastOutcome((response: useBulkSubscribeMutation['response']) => response.bulkSubscribe, {
          expected: 'BulkSubscribePayload',
          success: null,
          failure: FAILED,
          onSuccess: ({ summary, jobId }) => {
            if (summary) return finish(summary, onDone);
            if (jobId) follow(jobId, feedUrls.length, { onFinished: (done) => finish(done, onDone), onFailed: () => notify.error(FAILED) });
          },
        }),
      });
    },
    [commit, finish, follow],
  );

  return { subscribe, busy: committing || progress !== null, progress };
}
