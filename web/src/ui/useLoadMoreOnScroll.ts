import { useEffect, useRef, type RefObject } from 'react';

/**
 * Calls `onLoadMore` when the element behind the returned ref comes within `margin` of the viewport, while
 * `enabled`. The observer is made afresh when `enabled` turns back on, so a sentinel still in view after a
 * page loaded asks for the next one too.
 */
export function useLoadMoreOnScroll<T extends Element>(onLoadMore: () => void, enabled: boolean, margin = '600px'): RefObject<T | null> {
  const sentinel = useRef<T>(null);
  const load = useRef(onLoadMore);
  useEffect(() => {
    load.current = onLoadMore;
  });
  useEffect(() => {
    const element = sentinel.current;
    if (!enabled || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && load.current(), {
      rootMargin: `${margin} 0px`,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, margin]);
  return sentinel;
}
