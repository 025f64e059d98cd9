import { useEffect } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import { notify } from '../../ui/toast';
import { useReloadFeeds } from '../feeds/loadFeeds';
import { IMPORT_FAILED, importCompleteText } from './opmlFile';
import type { useFollowOpmlImportQuery } from './__generated__/useFollowOpmlImportQuery.graphql';

// The whole report each time: the record in the store is the one Settings shows, so it moves as the job goes.
const progressQuery = graphql`
  query useFollowOpmlImportQuery($jobId: ID!) {
    bulkSubscribeJob(jobId: $jobId) {
      __typename
      ... on BulkSubscribeJob {
        id
        done
        subscribed
        skipped
        errors
        ...OpmlImportReport_job @alias
      }
      ... on Error {
        message
      }
    }
  }
`;

/** How often a running import is asked for its progress: 'n of N' moves visibly without a flood of requests. */
export const IMPORT_POLL_MS = 700;

/**
 * Follows an OPML import that runs as a job (just started, or found running when Settings opened) until it is done:
 * then 'Import complete! …' and Feeds & Folders reloaded. Stops when the report goes; a failed poll says
 * 'Failed to import OPML file' and stops (the report still shows what was last known; a reload asks again).
 */
export function useFollowOpmlImport(jobId: string, done: boolean): void {
  const environment = useRelayEnvironment();
  const reloadFeeds = useReloadFeeds();

  useEffect(() => {
    if (done) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = () => {
      fetchQuery<useFollowOpmlImportQuery>(environment, progressQuery, { jobId }, { fetchPolicy: 'network-only' })
        .toPromise()
        .then((data) => {
          const job = data?.bulkSubscribeJob;
          if (job?.__typename !== 'BulkSubscribeJob') throw new Error(job?.message);
          if (job.done) {
            const { subscribed = 0, skipped = 0, errors = 0 } = job;
            notify.success(importCompleteText({ subscribed, skipped, errors }));
            void reloadFeeds();
          } else if (!stopped) timer = setTimeout(poll, IMPORT_POLL_MS);
        })
        .catch(() => {
          if (!stopped) notify.error(IMPORT_FAILED);
        });
    };
    timer = setTimeout(poll, IMPORT_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [environment, jobId, done, reloadFeeds]);
}
