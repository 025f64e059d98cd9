import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { useFollowBulkJobQuery } from './__generated__/useFollowBulkJobQuery.graphql';
import type { BulkSummary } from './bulkSubscribeToasts';

const jobQuery = graphql`
  query useFollowBulkJobQuery($jobId: ID!) {
    bulkSubscribeJob(jobId: $jobId) {
      __typename
      ... on BulkSubscribeJob {
        done
        total
        subscribed
        skipped
        errors
        error
      }
      ... on Error {
        message
      }
    }
  }
`;

/** How often the page asks for a running job's progress: 'n of N' moves visibly without a flood of requests. */
const PROGRESS_POLL_MS = 700;

export type BulkProgress = { done: number; total: number };
type Outcome = { onFinished: (summary: BulkSummary) => void; onFailed: () => void };

/**
 * Follows a bulk subscribe that runs as a job (Discover's selection, a large OPML import): polls its progress
 * (`progress`, for 'n of N') until it is done, then hands over the summary. Stops polling when the page goes.
 */
export function useFollowBulkJob(): { follow: (jobId: string, total: number, outcome: Outcome) => void; progress: BulkProgress | null } {
  const environment = useRelayEnvironment();
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  const polling = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => void (polling.current && clearTimeout(polling.current)), []);

  const follow = useCallback(
    (jobId: string, total: number, { onFinished, onFailed }: Outcome) => {
      setProgress({ done: 0, total });
      const poll = () => {
        fetchQuery<useFollowBulkJobQuery>(environment, jobQuery, { jobId }, { fetchPolicy: 'network-only' })
          .toPromise()
          .then((data) => {
            const job = data?.bulkSubscribeJob;
            const { subscribed = 0, skipped = 0, errors = 0 } = job ?? {};
            if (job?.__typename !== 'BulkSubscribeJob') throw new Error(job?.message);
            if (job.done) {
              setProgress(null);
              return onFinished({ subscribed, skipped, errors, stopped: job.error });
            }
            setProgress({ done: subscribed + skipped + errors, total: job.total ?? total });
            polling.current = setTimeout(poll, PROGRESS_POLL_MS);
          })
          .catch(() => {
            setProgress(null);
            onFailed();
          });
      };
      polling.current = setTimeout(poll, PROGRESS_POLL_MS);
    },
    [environment],
  );

  return { follow, progress };
}
