import { useEffect, useRef, type RefObject } from 'react';
import { useDevicePreference } from './devicePreference';

const CHOICES = ['on', 'off'] as const;

/** Whether this device's list marks articles read as they scroll past (off unless the reader turns it on). */
export const useMarkReadOnScrollPreference = () => useDevicePreference('tidings:mark-read-on-scroll', CHOICES, 'off');

/**
 * With the preference on, an unread article is marked read once its row has scrolled up out of view (never when it
 * leaves at the bottom, scrolling back up). Rows are found by their `data-article-id`.
 */
export function useMarkReadOnScroll(list: RefObject<HTMLElement | null>, markReadIfUnread: (id: string) => void, rowCount: number) {
  const [choice] = useMarkReadOnScrollPreference();
  const latest = useRef(markReadIfUnread);
  useEffect(() => {
    latest.current = markReadIfUnread;
  });
  useEffect(() => {
    const element = list.current;
    if (choice !== 'on' || !element || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const id = (entry.target as HTMLElement).dataset.articleId;
        // Out of view, and above the middle of the window: it left at the top.
        if (id && !entry.isIntersecting && entry.boundingClientRect.bottom < window.innerHeight / 2) latest.current(id);
      }
    });
    for (const row of element.querySelectorAll('[data-article-id]')) observer.observe(row);
    return () => observer.disconnect();
  }, [list, choice, rowCount]);
}
