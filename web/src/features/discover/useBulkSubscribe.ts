import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchQuery, graphql, useMutation, useRelayEnvironment } from 'react-relay';
import { notify } from '../../ui/toast';
import { useReloadFeeds } from '../feeds/loadFeeds';
import type { useBulkSubscribeJobQuery } from './__generated__/useBulkSubscribeJobQuery.graphql';
import type { useBulkSubscribeMutation } from './__generated__/useBulkSubscribeMutation.graphql';
import { toastBulkSummary, type BulkSummary } from './bulkSubscribeToasts';

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

const jobQuery = graphql`
  query useBulkSubscribeJobQuery($jobId: ID!) {
    bulkSubscribeJob(jobId: $jobId) {
      __typename
      ... on BulkSubscribeJob {
        done
        total
        subscribed
        skipped
        errors
      }
      ... on Error {
        message
      }
    }
  }
`;

/** How often the page asks for a running job's progress: 'n of N' moves visibly without a flood of requests. */
export const PROGRESS_POLL_MS = 700;

export type BulkProgress = { done: number; total: number };

/**
 * Subscribes to many feeds at once (spec part 2 Discover). Ten or fewer are done in the request; more run as a
 * job whose progress this polls (`progress`, for 'n of N') until it is done. Either way the spec's toasts follow,
 * the sidebar reloads and `onDone` runs when something was subscribed (the selection clears).
 */
export function useBulkSubscribe(): {
  subscribe: (feedUrls: readonly string[], onDone: () => void) => void;
  busy: boolean;
  progress: BulkProgress | null;
} {
  const environment = useRelayEnvironment();
  const reloadFeeds = useReloadFeeds();
  const [commit, committing] = useMutation<useBulkSubscribeMutation>(mutation);
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  const polling = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => void (polling.current && clearTimeout(polling.current)), []);

  const finish = useCallback(
    (summary: BulkSummary, onDone: () => void) => {
      setProgress(null);
      toastBulkSummary(summary);
      if (summary.subscribed > 0 || summary.skipped > 0) onDone();
      void reloadFeeds();
    },
    [reloadFeeds],
  );

  const follow = useCallback(
    (jobId: string, total: number, onDone: () => void) => {
      setProgress({ done: 0, total });
      const poll = () => {
        fetchQuery<useBulkSubscribeJobQuery>(environment, jobQuery, { jobId }, { fetchPolicy: 'network-only' })
          .toPromise()
          .then((data) => {
            const job = data?.bulkSubscribeJob;
            const { subscribed = 0, skipped = 0, errors = 0 } = job ?? {};
            if (job?.__typename !== 'BulkSubscribeJob') throw new Error(job?.message);
            if (job.done) return finish({ subscribed, skipped, errors }, onDone);
            setProgress({ done: subscribed + skipped + errors, total: job.total ?? total });
            polling.current = setTimeout(poll, PROGRESS_POLL_MS);
          })
          .catch(() => {
            setProgress(null);
            notify.error('Failed to subscribe to feeds');
          });
      };
      polling.current = setTimeout(poll, PROGRESS_POLL_MS);
    },
    [environment, finish],
  );

  const subscribe = useCallback(
    (feedUrls: readonly string[], onDone: () => void) => {
      if (feedUrls.length === 0) return notify.error('No feeds selected');
      commit({
        variables: { feedUrls: [...feedUrls] },
        onCompleted: ({ bulkSubscribe: answer }) => {
          if (answer.__typename !== 'BulkSubscribePayload')
            return notify.error('Failed to subscribe to feeds', { description: answer.message });
          if (answer.summary) return finish(answer.summary, onDone);
          if (answer.jobId) follow(answer.jobId, feedUrls.length, onDone);
        },
        onError: () => notify.error('Failed to subscribe to feeds'),
      });
    },
    [commit, finish, follow],
  );

  return { subscribe, busy: committing || progress !== null, progress };
}
