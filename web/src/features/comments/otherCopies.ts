import type { RecordSourceSelectorProxy } from 'relay-runtime';

/**
 * Marks the story's other copies of `articleId` stale after its conversation changed. Comments, shares and their
 * counts are the story's, so each copy's reader (and a list that shows one) was drawn with the conversation as it
 * was: stale, it is asked for again when next shown instead of being read from the store. The copies are those of
 * the article's story as its reader loaded them (ArticleComments); nothing is known, and nothing is marked, before.
 */
export function invalidateOtherCopies(store: RecordSourceSelectorProxy, articleId: string | null | undefined): void {
  if (!articleId) return;
  const copies = store.get(articleId)?.getLinkedRecord('story')?.getLinkedRecords('articles') ?? [];
  for (const copy of copies) if (copy && copy.getDataID() !== articleId) copy.invalidateRecord();
}
