import { useEffect } from 'react';
import { graphql, useRelayEnvironment } from 'react-relay';
import { notify } from '../../ui/toast';
import { useReloadFeeds } from '../feeds/loadFeeds';
import { pollBulkJob } from '../feeds/pollBulkJob';
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
    return pollBulkJob<useFollowOpmlImportQuery>(environment, progressQuery, jobId, {
      done: ({ subscribed = 0, skipped = 0, errors = 0 }) => {
        notify.success(importCompleteText({ subscribed, skipped, errors }));
        void reloadFeeds();
      },
      failed: () => notify.error(IMPORT_FAILED),
    });
  }, [environment, jobId, done, reloadFeeds]);
}
