import { lazy, Suspense, useLayoutEffect, useState } from 'react';
import { useKeyboardShortcuts } from '../keyboard/useKeyboardShortcuts';
import { onOpenCommandPalette } from './openPalette';

// Its own chunk (with cmdk): loaded the first time the palette opens, so the main bundle stays small.
const CommandPalette = lazy(() => import('./CommandPalette'));

/** Opens the command palette on / (unless typing: useKeyboardShortcuts) and on the top bar's search button. */
export function CommandPaletteHost() {
  const [open, setOpen] = useState(false);
  // From the commit, like the / key: the search button works the moment it shows.
  useLayoutEffect(() => onOpenCommandPalette(() => setOpen(true)), []);
  useKeyboardShortcuts({
    '/': (event) => {
      event.preventDefault(); // or the key would be typed into the palette's field
      setOpen(true);
    },
  });
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <CommandPalette onClose={() => setOpen(false)} />
    </Suspense>
  );
}
