import BookOpen from 'lucide-react/icons/book-open';
import Download from 'lucide-react/icons/download';
import Info from 'lucide-react/icons/info';
import { Suspense, useState, type FormEvent } from 'react';
import { EXPORT_DAYS } from '@tidings/shared/limits';
import { buttonClass } from '../../ui/button';
import { cx } from '../../ui/cx';
import { PageTitle } from '../../ui/PageTitle';
import { notify } from '../../ui/toast';
import { DigestPicker } from './DigestPicker';
import { INITIAL_DRAFT, draftProblem, rangeLabel, type ExportDraft, type ExportFormat } from './exportForm';
import { useGenerateExport } from './useGenerateExport';

const FORMATS: { value: ExportFormat; label: string }[] = [
  { value: 'pdf', label: 'PDF' },
  { value: 'epub', label: 'EPUB (e-readers)' },
];

const NOTES = [
  'A cover page with the number of articles and the date range',
  'A table of contents by topic',
  'Articles grouped into topics automatically',
  'Each article’s content with its feed, author and date',
  'Links to the original articles',
];

const fieldClass =
  'w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink focus:border-accent focus:outline-none disabled:opacity-60';

/** The /export screen: format, time range, sources, Generate with progress, and what the file holds. */
export function ExportScreen() {
  const [draft, setDraft] = useState<ExportDraft>(INITIAL_DRAFT);
  const [generate, progressText] = useGenerateExport();
  const generating = progressText !== null;
  const nothingSelected = !draft.includeLiked && !draft.includeShared && !draft.includeDigest;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = draftProblem(draft);
    if (problem) return notify.error(problem);
    generate(draft);
  };
  const source = (key: 'includeLiked' | 'includeShared' | 'includeDigest', label: string, hint: string) => (
    <label className="flex cursor-pointer items-start gap-3">
      <input
        type="checkbox"
        checked={draft[key]}
        onChange={(event) => setDraft({ ...draft, [key]: event.target.checked })}
        className="mt-1 size-4 accent-accent"
      />
      <span>
        <span className="block font-medium text-ink">{label}</span>
        <span className="block text-sm text-muted">{hint}</span>
      </span>
    </label>
  );
  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-3xl px-4 pb-8 pt-5 sm:px-6 sm:pt-8 lg:px-8">
      <PageTitle>Export</PageTitle>
      <h1 id="page-title" className="font-serif text-2xl font-semibold tracking-tight text-ink sm:text-3xl">
        Export
      </h1>
      <p className="mb-5 mt-1 text-muted sm:mb-6">Download your reading as a PDF or an EPUB to read offline or on an e-reader.</p>
      <form onSubmit={submit} className="flex flex-col gap-5 rounded-2xl border border-line bg-surface p-4 sm:p-6">
        <fieldset disabled={generating} className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <label htmlFor="export-format" className="font-medium text-ink">
              Format
            </label>
            <select
              id="export-format"
              value={draft.format}
              onChange={(event) => setDraft({ ...draft, format: event.target.value as ExportFormat })}
              className={fieldClass}
            >
              {FORMATS.map((format) => (
                <option key={format.value} value={format.value}>
                  {format.label}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="export-days" className="font-medium text-ink">
              Time range
            </label>
            <select
              id="export-days"
              value={draft.days}
              onChange={(event) => setDraft({ ...draft, days: Number(event.target.value) as ExportDraft['days'] })}
              className={fieldClass}
            >
              {EXPORT_DAYS.map((days) => (
                <option key={days} value={days}>
                  {rangeLabel(days)}
                </option>
              ))}
            </select>
          </div>
        </fieldset>
        <fieldset disabled={generating} className="flex flex-col gap-3">
          <legend className="mb-2 font-medium text-ink">Content</legend>
          {source('includeLiked', 'Liked Articles', 'Articles you liked in this time range')}
          {source('includeShared', 'Shared Articles', 'Articles you shared in this time range')}
          {source('includeDigest', 'Weekly Digest', 'One of your weekly digests, as its own chapter')}
          {draft.includeDigest && (
            <div className="ml-7 flex flex-col gap-1.5">
              <label htmlFor="export-digest" className="text-sm font-medium text-ink">
                Digest
              </label>
              <Suspense
                fallback={
                  <select id="export-digest" disabled className={cx(fieldClass, 'sm:max-w-xs')}>
                    <option>Loading digests…</option>
                  </select>
                }
              >
                <DigestPicker
                  value={draft.digestId}
                  onChange={(digestId) => setDraft({ ...draft, digestId })}
                  className={cx(fieldClass, 'sm:max-w-xs')}
                />
              </Suspense>
            </div>
          )}
        </fieldset>
        {nothingSelected && (
          <p role="alert" className="text-sm text-danger">
            Please select at least one content source
          </p>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" disabled={nothingSelected || generating} className={buttonClass('primary', 'md')}>
            <Download aria-hidden="true" className="size-4" />
            {generating ? 'Generating…' : `Generate ${draft.format.toUpperCase()}`}
          </button>
          {progressText && (
            <p role="status" className="text-sm text-muted">
              {progressText}
            </p>
          )}
        </div>
      </form>
      <aside className="mt-5 rounded-2xl bg-sunken p-4 text-sm text-muted sm:p-5">
        <h2 className="mb-2 flex items-center gap-2 font-medium text-ink">
          <BookOpen aria-hidden="true" className="size-4" />
          What the export includes
        </h2>
        <ul className="list-disc space-y-1 pl-5">
          {NOTES.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
        <p className="mt-3 flex items-start gap-2">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Some feeds provide only excerpts; for those, the export says so and links to the full article.
        </p>
      </aside>
    </section>
  );
}
