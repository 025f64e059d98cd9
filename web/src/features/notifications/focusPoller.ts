type Options = {
  load: () => void;
  intervalMs: number;
  /** The window whose focus and blur start and stop the polling. */
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  hasFocus: () => boolean;
};

/**
 * Reload every `intervalMs` while the window has focus, reload at once on focus, and stop
 * the timer on blur. Returns the function that stops it all.
 */
export function startFocusPoller({ load, intervalMs, target, hasFocus }: Options): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;
  const stop = () => {
    clearInterval(timer);
    timer = undefined;
  };
  const start = () => {
    stop();
    timer = setInterval(load, intervalMs);
  };
  const onFocus = () => {
    load();
    start();
  };
  target.addEventListener('focus', onFocus);
  target.addEventListener('blur', stop);
  if (hasFocus()) start();
  return () => {
    stop();
    target.removeEventListener('focus', onFocus);
    target.removeEventListener('blur', stop);
  };
}
