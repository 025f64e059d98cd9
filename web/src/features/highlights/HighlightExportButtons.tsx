import Download from 'lucide-react/icons/download';
import { buttonClass } from '../../ui/button';
import { EXPORT_FORMATS, useExportHighlights, type ExportFormat } from './useExportHighlights';

/** "Export Markdown" and "Export JSON": every highlight of the viewer as a file, from the Highlights screen and Settings. */
export function HighlightExportButtons() {
  const [download, downloading] = useExportHighlights();
  return (
    <div className="flex flex-wrap gap-2">
      {(Object.keys(EXPORT_FORMATS) as ExportFormat[]).map((format) => (
        <button
          key={format}
          type="button"
          onClick={() => download(format)}
          disabled={downloading !== null}
          className={buttonClass('secondary', 'sm')}
        >
          <Download aria-hidden="true" className="size-4" />
          Export {EXPORT_FORMATS[format]}
        </button>
      ))}
    </div>
  );
}
