const OPEN_EVENT = 'tidings:open-command-palette';

/** Opens the command palette from anywhere (the top bar's search button); the shell's host listens. */
export function openCommandPalette(): void {
  window.dispatchEvent(new Event(OPEN_EVENT));
}

export function onOpenCommandPalette(listener: () => void): () => void {
  window.addEventListener(OPEN_EVENT, listener);
  return () => window.removeEventListener(OPEN_EVENT, listener);
}
