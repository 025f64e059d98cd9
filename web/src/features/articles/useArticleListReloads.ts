import { useEffect, useRef } from 'react';
import { onFeedsRefreshed } from '../feeds/feedsRefreshed';
import { startVisibleRefresh } from './autoRefresh';

/** Spec part 1 §9: the article list reloads itself this often. */
export const AUTO_REFRESH_MS = 300_000;

/**
 * Spec part 1 §4: the list reloads after a refresh of the feeds, and every 5 minutes while the tab is visible
 * (only while the list is on screen: the hook lives with it).
 */
export function useArticleListReloads(reload: () => void): void {
  const latest = useRef(reload);
  useEffect(() => {
    latest.current = reload;
  });
  useEffect(() => {
    const run = () => latest.current();
    const stopListening = onFeedsRefreshed(run);
    const stopTimer = startVisibleRefresh({ load: run, intervalMs: AUTO_REFRESH_MS, target: document });
    return () => {
      stopListening();
      stopTimer();
    };
  }, []);
}
