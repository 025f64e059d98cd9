import { useCallback, useEffect, useState, type RefObject } from 'react';
import { describeRange } from './anchoring';

/** How long a selection must rest before the toolbar shows: not at every step of a drag. */
const SETTLE_MS = 150;

/** The selection's range when it holds some of the article's text under `root`; null otherwise. */
export function selectionIn(root: Element | null): Range | null {
  const selection = document.getSelection();
  if (!root || !selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  return describeRange(root, range) ? range.cloneRange() : null;
}

/**
 * The part of the article the reader has selected, once the selection settles (null when none is), and a way to let
 * it go once it is used.
 */
export function useTextSelection(root: RefObject<HTMLElement | null>): [Range | null, () => void] {
  const [range, setRange] = useState<Range | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onChange = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setRange(selectionIn(root.current)), SETTLE_MS);
    };
    document.addEventListener('selectionchange', onChange);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('selectionchange', onChange);
    };
  }, [root]);
  const clear = useCallback(() => {
    document.getSelection()?.removeAllRanges();
    setRange(null);
  }, []);
  return [range, clear];
}
