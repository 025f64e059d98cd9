import { lazy, useState } from 'react';
import { useRefreshAllFeeds } from '../feeds/useRefreshAllFeeds';
import { useKeyboardShortcuts } from '../keyboard/useKeyboardShortcuts';
import { OnceOpened } from '../../ui/OnceOpened';

// Its own chunk (with Radix' dialog): loaded the first time ? is pressed.
const ShortcutsDialog = lazy(() => import('../keyboard/ShortcutsDialog').then((module) => ({ default: module.ShortcutsDialog })));

/** The keys of every signed-in screen: ? the shortcuts, r refresh all feeds (/ is CommandPaletteHost's). */
export function ShellShortcuts() {
  const [open, setOpen] = useState(false);
  const [refresh, refreshing] = useRefreshAllFeeds();
  useKeyboardShortcuts({
    '?': () => setOpen(true),
    r: () => {
      if (!refreshing) refresh();
    },
  });
  return (
    <OnceOpened open={open}>
      <ShortcutsDialog open={open} onOpenChange={setOpen} />
    </OnceOpened>
  );
}
