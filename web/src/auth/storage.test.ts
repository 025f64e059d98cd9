import { describe, expect, it, vi } from 'vitest';
import { createSessionStore, SESSION_STORAGE_KEY } from './session';
import { createMemoryStorage, guardedStorage } from './storage';

/** What reading `window.localStorage` does in a frame of another site when third-party storage is blocked. */
const denied = () => {
  throw new DOMException("Failed to read the 'localStorage' property from 'Window': Access is denied for this document.", 'SecurityError');
};

describe('guardedStorage', () => {
  it("is the browser's storage when it can be read and written, and leaves no trace of its check", () => {
    localStorage.clear();
    expect(guardedStorage(() => localStorage)).toBe(localStorage);
    expect(localStorage.length).toBe(0);
  });

  it('is an in-memory storage when reading the browser’s throws, is missing, or refuses a write', () => {
    const full = createMemoryStorage();
    full.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    for (const open of [denied, () => null, () => undefined, () => full]) {
      const storage = guardedStorage(open);
      expect(storage).not.toBe(full);
      storage.setItem('key', 'value');
      expect(storage.getItem('key')).toBe('value');
    }
  });

  it('keeps the session of a page whose storage is blocked for as long as the page lives', () => {
    const session = { token: 'tid_frame', user: { id: 'VXNlcjox', username: 'ada', name: 'Ada', avatarUrl: null, isAdmin: false } };
    const store = createSessionStore(guardedStorage(denied), null);
    expect(store.get()).toBeNull();
    const listener = vi.fn();
    store.subscribe(listener);
    store.set(session);
    expect(store.get()).toEqual(session);
    expect(listener).toHaveBeenCalledTimes(1);
    store.clear();
    expect(store.get()).toBeNull();
  });
});

describe('createMemoryStorage', () => {
  it('behaves as Storage: text values, keys in order, removal and clearing', () => {
    const storage = createMemoryStorage();
    storage.setItem('a', '1');
    storage.setItem(SESSION_STORAGE_KEY, String(42));
    storage.setItem('a', 'again');
    expect([storage.length, storage.key(0), storage.key(1), storage.key(2)]).toEqual([2, 'a', SESSION_STORAGE_KEY, null]);
    expect(storage.getItem('a')).toBe('again');
    expect(storage.getItem('missing')).toBeNull();
    storage.removeItem('a');
    expect(storage.getItem('a')).toBeNull();
    storage.clear();
    expect(storage.length).toBe(0);
  });
});
