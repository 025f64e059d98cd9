/** What an OPML import refuses before anything is sent. */
export const INVALID_OPML_FILE = 'Please select a valid OPML file (.opml or .xml)';

/** Whether a chosen file's name is one an OPML import takes (.opml or .xml, in any case). */
export function isOpmlFileName(name: string): boolean {
  return /\.(opml|xml)$/i.test(name);
}

/**
 * How many feeds an OPML document lists: outlines with an xmlUrl at any depth, since folders nest them.
 * Only for the progress line, so a document that does not parse counts 0 and the server has the last word.
 */
export function countOpmlFeeds(text: string, parser: DOMParser = new DOMParser()): number {
  const document = parser.parseFromString(text, 'text/xml');
  if (document.getElementsByTagName('parsererror').length > 0) return 0;
  return Array.from(document.getElementsByTagName('outline')).filter((outline) => outline.getAttribute('xmlUrl')?.trim()).length;
}

/** The progress line while an import runs: the file's feed count, then how many the server's job has done. */
export function importingLabel(feedCount: number, progress: { done: number; total: number } | null = null): string {
  if (progress) return `Importing ${progress.done} of ${progress.total} feeds…`;
  return `Importing ${feedCount} feed${feedCount === 1 ? '' : 's'}…`;
}

/** What an import that could not be started or followed says, unless the server gave its reason. */
export const IMPORT_FAILED = 'Failed to import OPML file';

/** The toast of a finished import: 'Import complete! Added X feeds, skipped Y (already subscribed), Z errors'. */
export function importCompleteText({ subscribed, skipped, errors }: { subscribed: number; skipped: number; errors: number }): string {
  return `Import complete! Added ${subscribed} feeds, skipped ${skipped} (already subscribed), ${errors} errors`;
}

export type ImportedFeed = {
  readonly url: string;
  readonly outcome: 'added' | 'skipped' | 'failed';
  readonly reason: string | null | undefined;
};

/** The feeds of an import that were not added, failed ones first, each kind in the file's order. */
export function feedsNotAdded<Feed extends ImportedFeed>(feeds: readonly Feed[]): { failed: Feed[]; skipped: Feed[] } {
  return { failed: feeds.filter((feed) => feed.outcome === 'failed'), skipped: feeds.filter((feed) => feed.outcome === 'skipped') };
}

/** The disclosure's label: 'Show the 2 failed and 1 skipped feeds' ('Hide …' when open), naming only the kinds there are. */
export function notAddedLabel(failed: number, skipped: number, open = false): string {
  const parts = [failed > 0 && `${failed} failed`, skipped > 0 && `${skipped} skipped`].filter(Boolean);
  const count = failed + skipped;
  return `${open ? 'Hide' : 'Show'} the ${parts.join(' and ')} ${count === 1 ? 'feed' : 'feeds'}`;
}
