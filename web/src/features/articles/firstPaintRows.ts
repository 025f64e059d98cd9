import { useEffect, useState } from 'react';
import type { ArticleDensity } from './useSetArticleDensity';

/** More rows than the tallest common screen shows at each density. */
export const FIRST_PAINT_ROWS: Record<ArticleDensity, number> = { cards: 8, compact: 20 };

type NavigationType = 'navigate' | 'reload' | 'back_forward' | 'prerender';

const navigationType = (): NavigationType | undefined =>
  (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type;

/**
 * Whether a list's first commit may hold only the rows a screen shows. On a fresh page load (a typed address, a
 * link, a bookmark) there is no scroll position to come back to, so the rows below the screen can follow in a
 * second commit, after the first paint. A reload or a step through the history may restore a position deep in the
 * list, which needs every row at once; so does any later visit to the list within the app.
 */
export function mayDrawFirstRowsFirst(loaded: NavigationType | undefined, listShownBefore: boolean): boolean {
  return loaded === 'navigate' && !listShownBefore;
}

let listShown = false;

/**
 * The server draws the first screen (web/src/firstScreen) with the screen's worth of rows too: the page it sends is
 * that much shorter to parse and lay out before anything shows, and the app draws the whole list in its place.
 */
const drawnOnServer = () => typeof document === 'undefined';

/**
 * The number of rows the list's first commit draws: all of them, except on the first list of a fresh page load
 * (above) and on the server, where the screen's worth comes first. React draws the rest right after, in the background, as it does
 * for a deferred value (`useDeferredValue` with an initial value).
 */
export function useFirstCommitRows(density: ArticleDensity): number | undefined {
  const [firstRows] = useState(() =>
    drawnOnServer() || mayDrawFirstRowsFirst(navigationType(), listShown) ? FIRST_PAINT_ROWS[density] : undefined,
  );
  useEffect(() => {
    listShown = true;
  }, []);
  return firstRows;
}
