/**
 * Where a keyboard selection goes when the list under it changes (it resets when the list length changes by
 * more than one). A list that only grew at its end (the next page) keeps the selection, so
 * stepping with j into a freshly loaded page works; a selected item that left the list by itself hands the
 * selection to the item now in its place.
 */
export function reconcileSelection<Id>(previous: readonly Id[], next: readonly Id[], selected: Id | null): Id | null {
  if (selected === null) return null;
  const appended = next.length >= previous.length && previous.every((id, index) => next[index] === id);
  if (appended) return selected;
  if (Math.abs(next.length - previous.length) > 1) return null;
  if (next.includes(selected)) return selected;
  const removedOne = next.length === previous.length - 1;
  if (!removedOne) return null;
  const index = previous.indexOf(selected);
  return next[Math.min(index, next.length - 1)] ?? null;
}

/** The id one step from `selected` (j: +1, k: -1), staying within the list; the first item when none is selected. */
export function stepSelection<Id>(ids: readonly Id[], selected: Id | null, step: 1 | -1): Id | null {
  if (ids.length === 0) return null;
  const index = selected === null ? -1 : ids.indexOf(selected);
  if (index === -1) return ids[0]!;
  return ids[Math.max(0, Math.min(ids.length - 1, index + step))]!;
}

/** True when both lists hold the same ids in the same order. */
export function sameIds<Id>(a: readonly Id[], b: readonly Id[]): boolean {
  return a === b || (a.length === b.length && a.every((id, index) => b[index] === id));
}
