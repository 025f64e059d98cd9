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
