import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useRefreshAllFeeds } from '../feeds/useRefreshAllFeeds';
import { focusSearchField } from '../keyboard/searchFocus';
import { ShortcutsDialog } from '../keyboard/ShortcutsDialog';
import { useKeyboardShortcuts } from '../keyboard/useKeyboardShortcuts';

/** The keys of every signed-in screen (issue 15): ? the shortcuts, / search, r refresh all feeds. */
export function ShellShortcuts() {
  const [open, setOpen] = useState(false);
  const [refresh, refreshing] = useRefreshAllFeeds();
  const navigate = useNavigate();
  useKeyboardShortcuts({
    '?': () => setOpen(true),
    '/': (event) => {
      // The key would otherwise be typed into the field it focuses.
      event.preventDefault();
      if (!focusSearchField()) void navigate({ to: '/articles' });
    },
    r: () => {
      if (!refreshing) refresh();
    },
  });
  return <ShortcutsDialog open={open} onOpenChange={setOpen} />;
}
