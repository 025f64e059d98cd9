import { useLayoutEffect, useRef } from 'react';

const ADD_FEED_REQUESTED = 'tidings:add-feed-requested';

/**
 * Asks the shell to bring the Add Feed field forward (the first-run empty state's 'Add a feed'): the screen that
 * asks knows nothing of the sidebar or the drawer, which the shell owns.
 */
export function requestAddFeed(): void {
  window.dispatchEvent(new Event(ADD_FEED_REQUESTED));
}

/** Runs `onRequest` on every requestAddFeed while the caller is mounted (listening from the commit, not the paint). */
export function useAddFeedRequests(onRequest: () => void): void {
  const current = useRef(onRequest);
  useLayoutEffect(() => {
    current.current = onRequest;
  });
  useLayoutEffect(() => {
    const listener = () => current.current();
    window.addEventListener(ADD_FEED_REQUESTED, listener);
    return () => window.removeEventListener(ADD_FEED_REQUESTED, listener);
  }, []);
}

/** The Add Feed address field inside `root`, marked by AddFeedForm. */
export const addFeedField = (root: ParentNode | null): HTMLInputElement | null =>
  root?.querySelector<HTMLInputElement>('[data-add-feed-field]') ?? null;
