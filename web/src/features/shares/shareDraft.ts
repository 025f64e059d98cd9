import { SHARE_NOTE_MAX } from '@tidings/shared/limits';

/** What the share dialog starts from: empty and private, or the viewer's own share of the article when there is one. */
export type ShareDraft = { note: string; isPublic: boolean };

type ArticleShare = { readonly viewerIsSharer: boolean; readonly note: string | null | undefined; readonly isPublic: boolean };

/** The viewer's share of the article as a draft, since sharing again updates it; a new, private draft otherwise. */
export function shareDraft(shares: readonly ArticleShare[]): ShareDraft {
  const own = shares.find((share) => share.viewerIsSharer);
  return { note: own?.note ?? '', isPublic: own?.isPublic ?? false };
}

/** Who will see the share, in one line under the public checkbox (the server's rule: `visibleSharesWhere`). */
export function shareAudience(isPublic: boolean): string {
  return isPublic ? 'Everyone on this instance, and the public RSS feed.' : 'Only your followers will see this share.';
}

/** The note's counter under the field: 'n/1000 characters'. */
export function noteCounter(note: string): string {
  return `${note.length}/${SHARE_NOTE_MAX} characters`;
}
