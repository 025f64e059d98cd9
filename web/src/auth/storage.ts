/**
 * A Storage kept in memory, for the page's lifetime only: what the app uses where the browser's own storage is
 * refused (a frame on another site with third-party storage blocked, where reading `window.localStorage` throws
 * "Access is denied for this document"), missing, or unwritable (a full or read-only store).
 */
export function createMemoryStorage(): Storage {
  const items = new Map<string, string>();
  const storage: Storage = {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(String(key)) ?? null,
    setItem: (key, value) => void items.set(String(key), String(value)),
    removeItem: (key) => void items.delete(String(key)),
    clear: () => items.clear(),
  };
  return storage;
}

const PROBE_KEY = 'tidings.storage-probe';

/**
 * The browser's localStorage when it can be read and written, otherwise an in-memory one. `open` reads the
 * browser's: the getter itself throws where storage is blocked, so it is called here, inside the guard.
 */
export function guardedStorage(open: () => Storage | null | undefined): Storage {
  try {
    const storage = open();
    if (!storage) return createMemoryStorage();
    storage.setItem(PROBE_KEY, PROBE_KEY);
    storage.removeItem(PROBE_KEY);
    return storage;
  } catch {
    return createMemoryStorage();
  }
}

/**
 * The one storage the web app keeps things in (the session, device preferences, the article list's view): every
 * reader goes through it, never `window.localStorage` directly, so a page where storage is refused still runs.
 */
export const appStorage: Storage = guardedStorage(() => (typeof window === 'undefined' ? null : window.localStorage));
