/**
 * `load()` (a chunk of the app's code), and, when it fails while the browser is offline, again once the connection
 * is back, as often as that happens: a chunk asked for offline (the toasts, the sidebar's list, the live connection)
 * then waits for the connection instead of failing for good. A failure online is the caller's, as before.
 */
export function loadWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((error: unknown) => {
    if (navigator.onLine) throw error;
    return new Promise<void>((resolve) => window.addEventListener('online', () => resolve(), { once: true })).then(() =>
      loadWhenOnline(load),
    );
  });
}
