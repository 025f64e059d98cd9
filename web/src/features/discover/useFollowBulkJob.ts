import { useCallback, useEffect, useRef, useState } from 'react';
import { graphql, useRelayEnvironment } from 'react-relay';
import { pollBulkJob } from '../feeds/pollBulkJob';
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

export type BulkProgress = { done: number; total: number };
type Outcome = { onFinished: (summary: BulkSummary) => void; onFailed: () => void };

/**
 * Follows a bulk subscribe that runs as a job (Discover's selection, a large OPML import): polls its progress
 * (`progress`, for 'n of N') until it is done, then hands over the summary. Stops polling when the page goes.
 */
export function useFollowBulkJob(): { follow: (jobId: string, total: number, outcome: Outcome) => void; progress: BulkProgress | null } {
  const environment = useRelayEnvironment();
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  const stop = useRef<(() => void) | null>(null);

  useEffect(() => () => stop.current?.(), []);

  const follow = useCallback(
    (jobId: string, total: number, { onFinished, onFailed }: Outcome) => {
      setProgress({ done: 0, total });
      stop.current = pollBulkJob<useFollowBulkJobQuery>(environment, jobQuery, jobId, {
        progress: ({ subscribed = 0, skipped = 0, errors = 0, total: jobTotal }) =>
          setProgress({ done: subscribed + skipped + errors, total: jobTotal ?? total }),
        done: ({ subscribed = 0, skipped = 0, errors = 0, error }) => {
          setProgress(null);
          onFinished({ subscribed, skipped, errors, stopped: error });
        },
        failed: () => {
          setProgress(null);
          onFailed();
        },
      });
    },
    [environment],
  );

  return { follow, progress };
}
