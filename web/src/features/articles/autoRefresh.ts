type Options = {
  load: () => void;
  intervalMs: number;
  /** The document whose visibility starts and stops the reloads. */
  target: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  now?: () => number;
};

/**
 * Reload every `intervalMs` while the tab is visible. A tab that comes back after being hidden
 * for longer than that reloads at once and starts counting again. Returns the function that stops it all.
 */
export function startVisibleRefresh({ load, intervalMs, target, now = Date.now }: Options): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;
  let lastLoad = now();
  const tick = () => {
    lastLoad = now();
    load();
  };
  const stop = () => {
    clearInterval(timer);
    timer = undefined;
  };
  const start = () => {
    stop();
    timer = setInterval(tick, intervalMs);
  };
  const onVisibilityChange = () => {
    if (target.visibilityState !== 'visible') return stop();
    if (now() - lastLoad >= intervalMs) tick();
    start();
  };
  target.addEventListener('visibilitychange', onVisibilityChange);
  if (target.visibilityState === 'visible') start();
  return () => {
    stop();
    target.removeEventListener('visibilitychange', onVisibilityChange);
  };
}
