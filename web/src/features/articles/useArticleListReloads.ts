import { useEffect, useRef } from 'react';
import { onFeedsChanged } from '../feeds/feedsChanged';
import { startVisibleRefresh } from './autoRefresh';

/** The article list reloads itself this often: every 5 minutes. */
export const AUTO_REFRESH_MS = 300_000;

/**
 * The list reloads when the viewer's feeds change (a refresh, an unsubscription, a rename, …), and every 5 minutes while the tab is visible
 * (only while the list is on screen: the hook lives with it).
 */
export function useArticleListReloads(reload: () => void): void {
  const latest = useRef(reload);
  useEffect(() => {
    latest.current = reload;
  });
  useEffect(() => {
    const run = () => latest.current();
    const stopListening = onFeedsChanged(run);
    const stopTimer = startVisibleRefresh({ load: run, intervalMs: AUTO_REFRESH_MS, target: document });
    return () => {
      stopListening();
      stopTimer();
    };
  }, []);
}
