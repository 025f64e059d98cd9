import { publicDigestContent } from '../digests/publicDigest.ts';
import { uuid } from '../core/fields.ts';
import type { Services } from '../core/services.ts';
import type { ExportDigest } from './book.ts';

/**
 * The digest an export includes (the Weekly Digest source), if it is one of the user's: anyone else's, or an id that
 * is none, is unknown ('Digest not found'). The export renders it as its own chapter through `digestChapter`.
 */
export async function findExportDigest(services: Services, userId: string, digestId: string): Promise<ExportDigest | null> {
  const parsed = uuid.safeParse(digestId);
  if (!parsed.success) return null;
  const digest = await services.db.digest.findFirst({
    where: { id: parsed.data, userId },
    select: { title: true, startDate: true, endDate: true, summary: true, content: true },
  });
  // An export is a file that travels: the feeds the digest suggests go in by their public address, as on screen.
  return digest && { ...digest, content: publicDigestContent(digest.content) };
}
