import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { useReadingContext } from '../articles/readingContext';
import { readerPosition, returnDestination } from './readerNavigation';
import { usePreloadArticles } from './usePreloadArticles';

/**
 * Moving between the articles of the list the reader was opened from: previous, next (loading
 * the list's next page first when the next article is not loaded yet) and back to the list. Stepping replaces
 * the history entry, so the browser's Back leaves the reader instead of walking back through every article.
 */
export function useReaderNavigation(articleId: string) {
  const context = useReadingContext();
  const navigate = useNavigate();
  const position = readerPosition(context, articleId);
  const back = returnDestination(context);
  const [awaitingNextOf, setAwaitingNextOf] = useState<string | null>(null);

  const open = useCallback((id: string) => void navigate({ to: '/article/$id', params: { id }, replace: true }), [navigate]);

  const nextId = position?.nextId ?? null;
  const nextNeedsMore = position?.nextNeedsMore ?? false;
  // Waiting ends by itself when the list turns out to end here, and once the next article is open.
  const awaitingNext = awaitingNextOf === articleId && (nextId !== null || nextNeedsMore);
  usePreloadArticles([position?.previousId ?? null, nextId]);
  useEffect(() => {
    if (awaitingNext && nextId) open(nextId);
  }, [awaitingNext, nextId, open]);

  const goNext = () => {
    if (nextId) open(nextId);
    else if (nextNeedsMore && context?.loadMore) {
      setAwaitingNextOf(articleId);
      context.loadMore();
    }
  };
  const goPrevious = () => {
    setAwaitingNextOf(null); // coming back to the article must not step forward again
    if (position?.previousId) open(position.previousId);
  };
  const goBack = () => void navigate(back);

  return { position, back, awaitingNext, goNext, goPrevious, goBack };
}
