import { useRouteContext } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { downloadFile } from '../../ui/downloadFile';
import { notify } from '../../ui/toast';

/** The formats the export offers, with the names its buttons and toasts use. */
export const EXPORT_FORMATS = { markdown: 'Markdown', json: 'JSON' } as const;

export type ExportFormat = keyof typeof EXPORT_FORMATS;

const FILE_NAME = /filename="([^"]+)"/;

/**
 * Downloads every highlight of the viewer as a file (Markdown grouped by article, or W3C Web Annotations in JSON)
 * from the REST export, signed in with the session's bearer token; answers the format being downloaded, if any.
 */
export function useExportHighlights(): [download: (format: ExportFormat) => void, downloading: ExportFormat | null] {
  const { session } = useRouteContext({ from: '__root__' });
  const [downloading, setDownloading] = useState<ExportFormat | null>(null);
  const download = useCallback(
    (format: ExportFormat) => {
      const run = async () => {
        const token = session.get()?.token;
        const response = await fetch(`/api/highlights/export?format=${format}`, {
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        if (!response.ok) throw new Error(String(response.status));
        const fileName =
          FILE_NAME.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `highlights.${format === 'json' ? 'json' : 'md'}`;
        downloadFile(fileName, await response.blob());
      };
      setDownloading(format);
      run()
        .then(() => notify.success(`Highlights downloaded as ${EXPORT_FORMATS[format]}`))
        .catch(() => notify.error(`Failed to export highlights as ${EXPORT_FORMATS[format]}`))
        .finally(() => setDownloading(null));
    },
    [session],
  );
  return [download, downloading];
}
