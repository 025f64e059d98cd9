import { useCallback, useState } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import { downloadFile } from '../../ui/downloadFile';
import { notify } from '../../ui/toast';
import type { useExportOpmlQuery } from './__generated__/useExportOpmlQuery.graphql';

const query = graphql`
  query useExportOpmlQuery {
    subscriptionsOpml {
      filename
      text
    }
  }
`;

/**
 * Downloads the viewer's subscriptions as OPML under the server's file name and says
 * 'OPML file downloaded successfully' or 'Failed to export OPML file'.
 */
export function useExportOpml(): [exportOpml: () => void, exporting: boolean] {
  const environment = useRelayEnvironment();
  const [exporting, setExporting] = useState(false);
  const exportOpml = useCallback(() => {
    setExporting(true);
    fetchQuery<useExportOpmlQuery>(environment, query, {}, { fetchPolicy: 'network-only' })
      .toPromise()
      .then((data) => {
        if (!data) throw new Error('No OPML file');
        downloadFile(data.subscriptionsOpml.filename, data.subscriptionsOpml.text, 'text/x-opml');
        notify.success('OPML file downloaded successfully');
      })
      .catch(() => notify.error('Failed to export OPML file'))
      .finally(() => setExporting(false));
  }, [environment]);
  return [exportOpml, exporting];
}
