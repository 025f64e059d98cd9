import { fetchQuery, type Environment, type GraphQLTaggedNode, type OperationType } from 'relay-runtime';

/** How often a running bulk subscribe is asked for its progress: 'n of N' moves visibly without a flood of requests. */
export const BULK_JOB_POLL_MS = 700;

type JobAnswer = { readonly __typename: string; readonly done?: boolean; readonly message?: string };
type BulkJobQuery = OperationType & { variables: { jobId: string }; response: { readonly bulkSubscribeJob: JobAnswer } };
type JobOf<Q extends BulkJobQuery> = Q['response']['bulkSubscribeJob'];

/**
 * Follows a bulk subscribe that runs as a job (Discover's selection, an OPML import): asks `query` for the job every
 * BULK_JOB_POLL_MS, hands each running state to `progress` and the finished one to `done` (even when stopped
 * meanwhile: a job that finished is said once), and calls `failed` when an answer does not come or is an error.
 * Returns what stops it.
 */
export function pollBulkJob<Q extends BulkJobQuery>(
  environment: Environment,
  query: GraphQLTaggedNode,
  jobId: string,
  on: { progress?: (job: JobOf<Q>) => void; done: (job: JobOf<Q>) => void; failed: () => void },
): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout>;
  const poll = () => {
    fetchQuery<Q>(environment, query, { jobId }, { fetchPolicy: 'network-only' })
      .toPromise()
      .then((data) => {
        const job = data?.bulkSubscribeJob;
        if (job?.__typename !== 'BulkSubscribeJob') throw new Error(job?.message);
        if (job.done) return on.done(job);
        if (stopped) return;
        on.progress?.(job);
        timer = setTimeout(poll, BULK_JOB_POLL_MS);
      })
      .catch(() => {
        if (!stopped) on.failed();
      });
  };
  timer = setTimeout(poll, BULK_JOB_POLL_MS);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
