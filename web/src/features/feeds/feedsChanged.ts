/**
 * The app-wide 'feeds changed' event: what the open article list shows changed with the viewer's feeds (refreshed,
 * unsubscribed, renamed, moved to another folder, muted, a rule saved), and the list reloads on it. A module-level
 * EventTarget: no DOM globals needed, listeners are plain functions, and one change notifies every listener.
 */
const target = new EventTarget();
const EVENT = 'feeds-changed';

/** Tells every listener that the viewer's feeds just changed. */
export function emitFeedsChanged(): void {
  target.dispatchEvent(new Event(EVENT));
}

/** Calls `listener` after each change; returns the function that stops listening (an effect's cleanup). */
export function onFeedsChanged(listener: () => void): () => void {
  target.addEventListener(EVENT, listener);
  return () => target.removeEventListener(EVENT, listener);
}
