/**
 * The app-wide 'feeds refreshed' event (the article list reloads on it). A module-level
 * EventTarget: no DOM globals needed, listeners are plain functions, and one refresh notifies every listener.
 */
const target = new EventTarget();
const EVENT = 'feeds-refreshed';

/** Tells every listener that the feeds were just refreshed (after refresh-all). */
export function emitFeedsRefreshed(): void {
  target.dispatchEvent(new Event(EVENT));
}

/** Calls `listener` after each refresh; returns the function that stops listening (an effect's cleanup). */
export function onFeedsRefreshed(listener: () => void): () => void {
  target.addEventListener(EVENT, listener);
  return () => target.removeEventListener(EVENT, listener);
}
