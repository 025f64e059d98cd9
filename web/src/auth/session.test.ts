import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore, SESSION_STORAGE_KEY, type Session } from './session';

const session: Session = {
  token: 'secret-token',
  user: { id: 'VXNlcjox', username: 'ada', name: 'Ada', avatarUrl: null, isAdmin: true },
};

describe('session store', () => {
  beforeEach(() => localStorage.clear());

  it('persists the session so a reload stays signed in', () => {
    createSessionStore(localStorage, null).set(session);
    expect(createSessionStore(localStorage, null).get()).toEqual(session);
  });

  it('treats a malformed stored value as signed out', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, '{"token":');
    expect(createSessionStore(localStorage, null).get()).toBeNull();
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 'x' }));
    expect(createSessionStore(localStorage, null).get()).toBeNull();
  });

  it('clears storage and tells subscribers on sign-out', () => {
    const store = createSessionStore(localStorage, null);
    store.set(session);
    const listener = vi.fn();
    store.subscribe(listener);
    store.clear();
    expect(store.get()).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('follows a sign-out made in another tab', () => {
    const store = createSessionStore(localStorage, window);
    store.set(session);
    localStorage.removeItem(SESSION_STORAGE_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY }));
    expect(store.get()).toBeNull();
  });

  it('keeps the token when the user details are refreshed', () => {
    const store = createSessionStore(localStorage, null);
    store.set(session);
    store.updateUser({ ...session.user, name: 'Ada L.' });
    expect(store.get()).toEqual({ token: 'secret-token', user: { ...session.user, name: 'Ada L.' } });
  });
});
