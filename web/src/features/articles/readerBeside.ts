import { useSyncExternalStore } from 'react';
import { useDevicePreference } from './devicePreference';

/** From this width the reader opens beside the list (feeds | list | reader) instead of on its own page. */
export const PANES_MIN_WIDTH = 1200;
const QUERY = `(min-width: ${PANES_MIN_WIDTH}px)`;
const LAYOUTS = ['beside', 'page'] as const;

// Browsers all have matchMedia; a test's DOM may not, and then the screen counts as narrow.
const media = () => (typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null);

function subscribe(onChange: () => void) {
  const query = media();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const wide = () => media()?.matches ?? false;

/**
 * Whether the screen is wide enough for the reader beside the list, whether this device's reader wants it there
 * (the default; "page" keeps the single page), and the switch between the two. Kept per device: a layout suits a
 * screen, not an account.
 */
export function useReaderLayout() {
  const isWide = useSyncExternalStore(subscribe, wide, () => false);
  const [preference, setPreference] = useDevicePreference('tidings:reader-layout', LAYOUTS, 'beside');
  return { isWide, beside: isWide && preference === 'beside', preference, setPreference };
}
