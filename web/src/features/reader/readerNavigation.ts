import type { ReadingContext } from '../articles/readingContext';

/** Where the open article sits in the list it was opened from, and where the arrows and j/k lead. */
export type ReaderPosition = {
  /** 'n/total': n counts from 1, total is the whole list's size ('n/1000+' when its count stopped there). */
  label: string;
  previousId: string | null;
  /** The next article when its page is loaded; null at the end of the list or while its page is not loaded yet. */
  nextId: string | null;
  /** The next article is on a page the list has not loaded yet: loading it moves on. */
  nextNeedsMore: boolean;
};

/** The open article's position in the reading context, or null when there is no context or the article is not in it. */
export function readerPosition(context: ReadingContext | null, articleId: string): ReaderPosition | null {
  const index = context?.articleIds.indexOf(articleId) ?? -1;
  if (!context || index < 0) return null;
  const nextId = context.articleIds[index + 1] ?? null;
  // The list may have grown since it counted: never show a position beyond the total.
  const total = Math.max(context.total, context.articleIds.length);
  return {
    label: `${index + 1}/${total}${context.moreThanTotal && total === context.total ? '+' : ''}`,
    previousId: context.articleIds[index - 1] ?? null,
    nextId,
    nextNeedsMore: nextId === null && context.hasMore && context.loadMore !== null,
  };
}

/** Where Back and Escape go: the list the article was opened from, else the article list. */
export function returnDestination(context: ReadingContext | null): ReadingContext['returnTo'] {
  return context?.returnTo ?? { to: '/articles' };
}
