import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders `children`, a lazily loaded dialog, from the first time `open` is true on (kept mounted after, so it
 * closes and reopens like any dialog); nothing before, and nothing while its code loads rather than a placeholder.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
