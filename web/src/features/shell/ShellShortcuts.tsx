import { useState } from 'react';
import { useRefreshAllFeeds } from '../feeds/useRefreshAllFeeds';
import { ShortcutsDialog } from '../keyboard/ShortcutsDialog';
import { useKeyboardShortcuts } from '../keyboard/useKeyboardShortcuts';

/** The keys of every signed-in screen (issue 15): ? the shortcuts, r refresh all feeds (/ is CommandPaletteHost's). */
export function ShellShortcuts() {
  const [open, setOpen] = useState(false);
  const [refresh, refreshing] = useRefreshAllFeeds();
  useKeyboardShortcuts({
    '?': () => setOpen(true),
    r: () => {
      if (!refreshing) refresh();
    },
  });
  return <ShortcutsDialog open={open} onOpenChange={setOpen} />;
}
