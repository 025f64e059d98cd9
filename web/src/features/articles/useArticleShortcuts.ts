import { useKeyboardShortcuts } from '../keyboard/useKeyboardShortcuts';
import type { LikeableArticle } from './likeToggle';
import { useToggleLike, useToggleRead, useToggleStar, type StarrableArticle } from './useArticleActions';

export type ShortcutArticle = LikeableArticle & StarrableArticle & { isRead: boolean; url?: string | null };

/**
 * The keys that act on one article: m read or unread, l like, s star, v its original page in a new tab. The
 * list passes its selected article, the reader the open one; with none, the keys do nothing.
 */
export function useArticleShortcuts(article: ShortcutArticle | null): void {
  const toggleRead = useToggleRead();
  const toggleLike = useToggleLike();
  const toggleStar = useToggleStar();
  useKeyboardShortcuts(
    {
      m: () => article && toggleRead(article),
      l: () => article && toggleLike(article),
      s: () => article && toggleStar(article),
      v: () => {
        // Opened by the key press itself, so the browser allows the new tab.
        if (article?.url) window.open(article.url, '_blank', 'noopener,noreferrer');
      },
    },
    article !== null,
  );
}
