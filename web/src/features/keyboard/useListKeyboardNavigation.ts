import { useEffect, useRef, useState } from 'react';
import { isInteractiveTarget } from './keyTargets';
import { reconcileSelection, sameIds, stepSelection } from './listSelection';
import { useKeyboardShortcuts } from './useKeyboardShortcuts';

/** A keyboard selection held this long marks the item read. */
export const DWELL_MS = 500;

type Options<Id> = {
  /** The loaded items, in list order. */
  ids: readonly Id[];
  /** Enter on the selected item. */
  onOpen: (id: Id) => void;
  /** Called when j or k selects an item (the reader beside the list opens it). */
  onSelect?: (id: Id) => void;
  /** Called once a selection has stayed put for `dwellMs` (articles: mark it read). */
  onDwell?: (id: Id) => void;
  dwellMs?: number;
  /** Called when the selection reaches the last loaded item, so the next page can load. */
  onReachEnd?: () => void;
  /** The element of an item, scrolled into view when it is selected. */
  itemElement?: (id: Id) => Element | null;
  enabled?: boolean;
};

/**
 * The j / k / Enter / Escape navigation of the article, shared and digest lists: j selects
 * the next item, k the previous one, Enter opens the selection, Escape clears it. Keys typed into fields,
 * and while a dialog is open, are left alone (useKeyboardShortcuts).
 */
export function useListKeyboardNavigation<Id>({
  ids,
  onOpen,
  onSelect,
  onDwell,
  dwellMs = DWELL_MS,
  onReachEnd,
  itemElement,
  enabled = true,
}: Options<Id>) {
  const [selected, setSelected] = useState<Id | null>(null);
  const [seenIds, setSeenIds] = useState(ids);
  // Adjusting state while rendering (React's pattern for state derived from a changed prop): no stale frame.
  // Compared by content, so a caller may build `ids` afresh on every render.
  if (!sameIds(seenIds, ids)) {
    setSeenIds(ids);
    setSelected(reconcileSelection(seenIds, ids, selected));
  }

  // The callbacks are read when they run, so callers may pass inline functions without restarting the dwell.
  const callbacks = useRef({ onOpen, onSelect, onDwell, onReachEnd, itemElement });
  useEffect(() => {
    callbacks.current = { onOpen, onSelect, onDwell, onReachEnd, itemElement };
  });

  const select = (id: Id | null) => {
    setSelected(id);
    if (id === null) return;
    callbacks.current.itemElement?.(id)?.scrollIntoView({ block: 'nearest' });
    if (id === ids[ids.length - 1]) callbacks.current.onReachEnd?.();
  };

  const step = (by: 1 | -1) => {
    const id = stepSelection(ids, selected, by);
    select(id);
    if (id !== null && id !== selected) callbacks.current.onSelect?.(id);
  };

  useKeyboardShortcuts(
    {
      j: () => step(1),
      k: () => step(-1),
      Enter: (event) => {
        if (selected === null || isInteractiveTarget(event.target)) return;
        event.preventDefault();
        callbacks.current.onOpen(selected);
      },
      Escape: () => setSelected(null),
    },
    enabled,
  );

  useEffect(() => {
    if (selected === null) return;
    const timer = setTimeout(() => callbacks.current.onDwell?.(selected), dwellMs);
    return () => clearTimeout(timer);
  }, [selected, dwellMs]);

  return { selectedId: selected, select };
}
