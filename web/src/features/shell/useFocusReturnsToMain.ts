import { useRouter } from '@tanstack/react-router';
import { useEffect, type RefObject } from 'react';

/**
 * After a link or button took the reader to another screen or list, focus moves to the content, so j, k and
 * Enter act on the list there: left on the link, Enter followed that link again. A field keeps its
 * focus (typing a search changes the address too).
 */
export function useFocusReturnsToMain(main: RefObject<HTMLElement | null>): void {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onResolved', ({ hrefChanged }) => {
        const active = document.activeElement;
        if (!hrefChanged || !(active instanceof HTMLElement) || !active.matches('a[href], button')) return;
        main.current?.focus({ preventScroll: true });
      }),
    [router, main],
  );
}
