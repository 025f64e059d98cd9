import { useEffect, useRef } from 'react';
import { useMarkArticleRead } from '../articles/useArticleActions';

/** Opening an article in the reader marks it read, once for each article opened. */
export function useMarkReadOnOpen(article: { id: string; isRead: boolean }): void {
  const markRead = useMarkArticleRead();
  const markedId = useRef<string | null>(null);
  const { id, isRead } = article;
  useEffect(() => {
    // The ref, not isRead alone: the effect runs again as isRead flips and (in development) twice on mount.
    if (markedId.current === id) return;
    markedId.current = id;
    if (!isRead) markRead(id);
  }, [id, isRead, markRead]);
}
