import Download from 'lucide-react/icons/download';
import Rss from 'lucide-react/icons/rss';
import { useRef } from 'react';
import { buttonClass } from '../../ui/button';
import { HighlightExportButtons } from '../highlights/HighlightExportButtons';
import { OpmlImport } from './OpmlImport';
import { OpmlImportReport } from './OpmlImportReport';
import { SettingsGroup, SettingsSection } from './SettingsSection';
import type { OpmlImportReport_job$key } from './__generated__/OpmlImportReport_job.graphql';
import { useExportOpml } from './useExportOpml';
import { useImportOpml } from './useImportOpml';

type Props = {
  /** The latest OPML import until its report is dismissed (null: none, or Settings' query has not answered yet). */
  report: (OpmlImportReport_job$key & { readonly done: boolean }) | null | undefined;
};

/**
 * The Feed Management section: Import OPML, with the latest import's report, and Export OPML; neither starts while
 * the other runs (an import running as a job included). Below them, the export of the viewer's highlights.
 */
export function FeedManagementSection({ report }: Props) {
  const { importFile, importing } = useImportOpml();
  const [exportOpml, exporting] = useExportOpml();
  const fileInput = useRef<HTMLInputElement>(null);
  const busy = importing || exporting || (report ? !report.done : false);
  return (
    <SettingsSection
      id="feeds"
      title="Feed Management"
      icon={Rss}
      description="Bring your subscriptions from another feed reader, or take them and your highlights with you."
    >
      <div className="flex flex-col gap-5">
        <SettingsGroup title="Import OPML">
          <div className="flex flex-col gap-4">
            <OpmlImport importFile={importFile} disabled={busy} inputRef={fileInput} />
            {report && !importing && <OpmlImportReport job={report} onDismissed={() => fileInput.current?.focus()} />}
          </div>
        </SettingsGroup>
        <SettingsGroup title="Export OPML">
          <p className="mb-3 text-sm text-muted">Download all your subscriptions, with their folders, as one OPML file.</p>
          <button type="button" onClick={exportOpml} disabled={busy} className={buttonClass('secondary')}>
            <Download aria-hidden="true" className="size-4" />
            {exporting ? 'Exporting…' : 'Export OPML'}
          </button>
        </SettingsGroup>
        <SettingsGroup title="Export highlights">
          <p className="mb-3 text-sm text-muted">
            Download every passage you highlighted, with your notes: Markdown grouped by article, or JSON in the W3C Web Annotation format
            that annotation tools read.
          </p>
          <HighlightExportButtons />
        </SettingsGroup>
      </div>
    </SettingsSection>
  );
}
