import { useCallback, useSyncExternalStore } from 'react';

/** From this width the reader opens beside the list (feeds | list | reader) instead of on its own page. */
export const PANES_MIN_WIDTH = 1200;
const QUERY = `(min-width: ${PANES_MIN_WIDTH}px)`;
const STORAGE_KEY = 'tidings:reader-layout';
const CHANGED = 'tidings:reader-layout-changed';

// Browsers all have matchMedia; a test's DOM may not, and then the screen counts as narrow.
const media = () => (typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null);

function subscribe(onChange: () => void) {
  const query = media();
  query?.addEventListener('change', onChange);
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    query?.removeEventListener('change', onChange);
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

function storedPreference(): 'beside' | 'page' {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === 'page' ? 'page' : 'beside';
  } catch {
    return 'beside';
  }
}

const wide = () => media()?.matches ?? false;

/**
 * Whether the screen is wide enough for the reader beside the list, whether this device's reader wants it there
 * (the default; "page" keeps the single page), and the switch between the two. Kept per device: a layout suits a
 * screen, not an account.
 */
export function useReaderLayout() {
  const isWide = useSyncExternalStore(subscribe, wide, () => false);
  const preference = useSyncExternalStore(subscribe, storedPreference, () => 'beside' as const);
  const setPreference = useCallback((next: 'beside' | 'page') => {
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Storage can be disabled: the choice then lasts until the page is left.
    }
    window.dispatchEvent(new Event(CHANGED));
  }, []);
  return { isWide, beside: isWide && preference === 'beside', preference, setPreference };
}
