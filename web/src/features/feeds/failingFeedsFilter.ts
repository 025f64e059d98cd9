import { useSyncExternalStore } from 'react';

/**
 * Whether Feeds & Folders shows only the failing feeds (after a refresh-all that reported some). Module state:
 * the refresh-all toast turns it on, and the sidebar and the drawer both show it until it is cleared.
 */
let showingFailing = false;
const listeners = new Set<() => void>();

function set(value: boolean) {
  if (showingFailing === value) return;
  showingFailing = value;
  for (const listener of listeners) listener();
}

export const showFailingFeeds = () => set(true);
export const isShowingFailingFeeds = () => showingFailing;
export const clearFailingFeedsFilter = () => set(false);

/** Calls `listener` whenever the filter turns on or off; returns the function that stops listening. */
export function onFailingFeedsFilter(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useFailingFeedsFilter(): boolean {
  return useSyncExternalStore(onFailingFeedsFilter, isShowingFailingFeeds, () => false);
}
