import { useCallback, useState } from 'react';
import { commitMutation, fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import { useRouteContext } from '@tanstack/react-router';
import { downloadFile } from '../../ui/downloadFile';
import { notify } from '../../ui/toast';
import type { useGenerateExportMutation } from './__generated__/useGenerateExportMutation.graphql';
import type { useGenerateExportQuery } from './__generated__/useGenerateExportQuery.graphql';
import type { ExportDraft } from './exportForm';

const start = graphql`
  mutation useGenerateExportMutation($input: StartExportInput!) {
    startExport(input: $input) {
      __typename
      ... on StartExportPayload {
        export {
          id
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const progress = graphql`
  query useGenerateExportQuery($id: ID!) {
    readingExport(id: $id) {
      id
      status
      progress
      error
      fileName
      downloadUrl
    }
  }
`;

const POLL_MS = 700;

/** Says why a step failed: the server's text when it gave one. */
class ExportFailed extends Error {}

/**
 * Generates an export: starts the job, shows its progress text while polling it, then
 * downloads the file and says '{FORMAT} downloaded successfully!', or the server's error text, or 'Failed to
 * generate PDF/EPUB'.
 */
export function useGenerateExport(): [generate: (draft: ExportDraft) => void, progressText: string | null] {
  const environment = useRelayEnvironment();
  const { session } = useRouteContext({ from: '__root__' });
  const [progressText, setProgressText] = useState<string | null>(null);
  const generate = useCallback(
    (draft: ExportDraft) => {
      const label = draft.format.toUpperCase();
      setProgressText('Starting...');
      const run = async () => {
        const started = await new Promise<useGenerateExportMutation['response']>((resolve, reject) =>
          commitMutation<useGenerateExportMutation>(environment, {
            mutation: start,
            variables: { input: { ...draft, digestId: draft.includeDigest ? draft.digestId : null } },
            onCompleted: resolve,
            onError: reject,
          }),
        );
        const answer = started.startExport;
        if (answer.__typename !== 'StartExportPayload' || !answer.export) throw new ExportFailed(answer.message ?? '');
        for (;;) {
          const data = await fetchQuery<useGenerateExportQuery>(
            environment,
            progress,
            { id: answer.export.id },
            { fetchPolicy: 'network-only' },
          ).toPromise();
          const current = data?.readingExport;
          if (!current) throw new ExportFailed('');
          if (current.status === 'failed') throw new ExportFailed(current.error ?? '');
          if (current.status === 'done' && current.downloadUrl && current.fileName) return save(current.downloadUrl, current.fileName);
          if (current.progress) setProgressText(current.progress);
          await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        }
      };
      const save = async (url: string, fileName: string) => {
        const token = session.get()?.token;
        const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
        if (!response.ok) throw new ExportFailed('');
        downloadFile(fileName, await response.blob());
      };
      run()
        .then(() => notify.success(`${label} downloaded successfully!`))
        .catch((error: unknown) => notify.error((error instanceof ExportFailed && error.message) || `Failed to generate ${label}`))
        .finally(() => setProgressText(null));
    },
    [environment, session],
  );
  return [generate, progressText];
}
