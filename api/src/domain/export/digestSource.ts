import type { Services } from '../services.ts';
import type { ExportDigest } from './book.ts';

/**
 * The digest an export includes (the Weekly Digest source), if it is one the user may read. Digests are stored by
 * the digests feature, which is built on its own branch: until it is merged this branch has no digest to find, so
 * every digest id is unknown ('Digest not found'). The merge answers it here from the Digest table; the export then
 * renders it as its own chapter through `digestChapter` (book.ts), which is built and tested on this branch.
 */
export async function findExportDigest(_services: Services, _userId: string, _digestId: string): Promise<ExportDigest | null> {
  return null;
}
