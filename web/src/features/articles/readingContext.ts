import { useSyncExternalStore } from 'react';

/**
 * The list the reader came from (kept in memory only), so it can show 'n/total', step with j and k
 * and return with Escape. The list screen keeps it in step with what it has loaded.
 */
export type ReadingContext = {
  kind: 'articles' | 'shared';
  /** Article global ids in list order. */
  articleIds: string[];
  /** How many the whole list holds (more than articleIds while pages remain). */
  total: number;
  /** The list holds more than `total`: its count stopped there (a search's). */
  moreThanTotal?: boolean;
  hasMore: boolean;
  /** Loads the next page of the list, if it can. */
  loadMore: (() => void) | null;
  /** Where Escape and Back go. */
  returnTo: { to: string; search?: Record<string, unknown> };
};

/** What the reader needs to know of a list as it is loaded so far. */
export type LoadedList = { ids: string[]; total: number; moreThanTotal?: boolean; hasMore: boolean; endCursor: string | null };

/** Where a list comes from: what the reader calls it, the way back to it, and how to load its next page. */
export type ListSource = {
  kind: ReadingContext['kind'];
  returnTo: ReadingContext['returnTo'];
  /** Loads the page after the cursor into the store and returns the whole list as it then is. */
  fetchNext: (after: string) => Promise<LoadedList>;
  /** Says that the next page failed to load, with the list's own error toast. */
  onLoadFailed: () => void;
};

let context: ReadingContext | null = null;
const listeners = new Set<() => void>();

/** Replaces the reading context and tells every reader of it. */
export function setReadingContext(next: ReadingContext | null): void {
  context = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const snapshot = () => context;

/** The current reading context, re-rendering when it changes; null until a list has published one. */
export function useReadingContext(): ReadingContext | null {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/**
 * Makes a loaded list the reader's context: its order, its total, and a way to load more that works after
 * the list screen is gone (each page loaded publishes the grown list again).
 */
export function publishList(source: ListSource, list: LoadedList): void {
  const { endCursor } = list;
  let loading = false;
  const loadMore = () => {
    if (loading || !endCursor) return;
    loading = true;
    source.fetchNext(endCursor).then(
      (next) => publishList(source, next),
      () => {
        loading = false;
        source.onLoadFailed();
      },
    );
  };
  setReadingContext({
    kind: source.kind,
    articleIds: list.ids,
    total: list.total,
    moreThanTotal: list.moreThanTotal ?? false,
    hasMore: list.hasMore,
    loadMore: list.hasMore && endCursor ? loadMore : null,
    returnTo: source.returnTo,
  });
}
