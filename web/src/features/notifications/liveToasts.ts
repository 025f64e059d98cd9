/** Spec: at most one toast a second; notifications arriving in between are told as one count. */
export const LIVE_TOAST_WINDOW_MS = 1000;

/**
 * Calls `flush` with the first item at once, then at most once a window with the items that arrived during it,
 * so a burst of eleven makes one or two calls, never eleven. Returns `add` and `stop` (drops what is pending).
 */
export function coalesce<T>(windowMs: number, flush: (items: T[]) => void) {
  let pending: T[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = () => {
    timer = undefined;
    if (pending.length === 0) return;
    const items = pending;
    pending = [];
    flush(items);
    timer = setTimeout(tick, windowMs);
  };
  return {
    add(item: T) {
      if (timer !== undefined) {
        pending.push(item);
        return;
      }
      flush([item]);
      timer = setTimeout(tick, windowMs);
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
      pending = [];
    },
  };
}

/** What one toast says: the notification itself, or how many arrived together. */
export function liveToastMessage(messages: string[]): string {
  return messages.length === 1 ? messages[0]! : `${messages.length} new notifications`;
}
