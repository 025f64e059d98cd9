/** What the Tidings window tells the page's script (api/src/bookmarklet/script.ts) to remove its frame. */
const CLOSE_MESSAGE = 'tidings:close';

/** Closes the Tidings window: the frame on the page, through the page's script, or the popup. */
export function closeBookmarkletWindow(): void {
  // The message says nothing secret, so any page may hear it; the page's script checks that it came from this frame.
  if (window.parent !== window) window.parent.postMessage(CLOSE_MESSAGE, '*');
  else window.close();
}
