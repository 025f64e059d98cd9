import { useLayoutEffect, useRef } from 'react';
import { isScreenShortcut } from './keyTargets';

/** Handlers by `KeyboardEvent.key` ('j', 'k', 'Enter', 'Escape', ...). */
export type Shortcuts = Record<string, (event: KeyboardEvent) => void>;

/**
 * Runs `shortcuts[event.key]` on window key presses meant for the screen: never while typing in a field, with a
 * modifier, inside an open menu or modal dialog, or when something already handled the key. The handlers are read
 * from a ref, so callers may pass a new object on every render. The listener is added as the screen is committed, not
 * after it is painted: a key pressed the moment the screen shows is not lost.
 */
export function useKeyboardShortcuts(shortcuts: Shortcuts, enabled = true): void {
  const current = useRef(shortcuts);
  useLayoutEffect(() => {
    current.current = shortcuts;
  });
  useLayoutEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const handler = current.current[event.key];
      if (handler && isScreenShortcut(event)) handler(event);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
