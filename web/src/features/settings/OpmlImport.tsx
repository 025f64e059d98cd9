import { useId, useState, type ChangeEvent, type Ref } from 'react';
import { cx } from '../../ui/cx';
import { notify } from '../../ui/toast';
import { countOpmlFeeds, importingLabel, INVALID_OPML_FILE, isOpmlFileName } from './opmlFile';

type Props = {
  importFile: (filename: string, text: string, onDone: () => void) => void;
  /** While an import or the export runs: the file can be chosen only when nothing else is going on. */
  disabled: boolean;
  /** The file input, which takes the focus when the import's report is dismissed. */
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * Import OPML: a file ending in .opml or .xml, then, while the request runs, a progress line with the file's feed
 * count. What the server did (the summary, or a job's progress) is the import's report (OpmlImportReport).
 */
export function OpmlImport({ importFile, disabled, inputRef }: Props) {
  const id = useId();
  const [importingCount, setImportingCount] = useState<number | null>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again (after fixing it) starts another import.
    event.target.value = '';
    if (!file) return;
    if (!isOpmlFileName(file.name)) {
      notify.error(INVALID_OPML_FILE);
      return;
    }
    const text = await file.text();
    const feedCount = countOpmlFeeds(text);
    setImportingCount(feedCount);
    importFile(file.name, text, () => setImportingCount(null));
  };

  return (
    <div className="flex flex-col gap-3">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        OPML file
      </label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept=".opml,.xml,text/x-opml,text/xml,application/xml"
        disabled={disabled}
        onChange={(event) => void choose(event)}
        aria-describedby={`${id}-hint`}
        className={cx(
          'block w-full cursor-pointer rounded-lg border border-line bg-surface text-sm text-muted',
          'file:mr-3 file:h-10 file:cursor-pointer file:border-0 file:border-r file:border-line file:bg-sunken file:px-4 file:font-medium file:text-ink',
          'hover:file:bg-line disabled:cursor-not-allowed disabled:opacity-60',
        )}
      />
      <p id={`${id}-hint`} className="text-sm text-muted">
        An .opml or .xml file from another feed reader. Its folders become folders; feeds you already follow are skipped.
      </p>
      {importingCount !== null && (
        <div role="status" className="flex flex-col gap-2 rounded-lg bg-sunken p-3">
          <p className="text-sm font-medium text-ink">{importingLabel(importingCount)}</p>
          <progress aria-label="Import progress" className="h-2 w-full accent-[var(--accent)]" />
        </div>
      )}
    </div>
  );
}
