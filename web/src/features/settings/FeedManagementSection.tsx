import Download from 'lucide-react/icons/download';
import Rss from 'lucide-react/icons/rss';
import { buttonClass } from '../../ui/button';
import { OpmlImport } from './OpmlImport';
import { SettingsGroup, SettingsSection } from './SettingsSection';
import { useExportOpml } from './useExportOpml';
import { useImportOpml } from './useImportOpml';

/** The Feed Management section: Import OPML and Export OPML; neither starts while the other runs. */
export function FeedManagementSection() {
  const { importFile, importing, progress } = useImportOpml();
  const [exportOpml, exporting] = useExportOpml();
  const busy = importing || exporting;
  return (
    <SettingsSection
      id="feeds"
      title="Feed Management"
      icon={Rss}
      description="Bring your subscriptions from another feed reader, or take them with you, as OPML."
    >
      <div className="flex flex-col gap-5">
        <SettingsGroup title="Import OPML">
          <OpmlImport importFile={importFile} progress={progress} disabled={busy} />
        </SettingsGroup>
        <SettingsGroup title="Export OPML">
          <p className="mb-3 text-sm text-muted">Download all your subscriptions, with their folders, as one OPML file.</p>
          <button type="button" onClick={exportOpml} disabled={busy} className={buttonClass('secondary')}>
            <Download aria-hidden="true" className="size-4" />
            {exporting ? 'Exporting…' : 'Export OPML'}
          </button>
        </SettingsGroup>
      </div>
    </SettingsSection>
  );
}
