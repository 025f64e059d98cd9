// With its extension: the e2e journeys import this file under Node's own resolution.
import { appStorage } from './storage.ts';

/** Who is signed in and the bearer token every call sends, kept across reloads. */
export type Session = { token: string; user: SessionUser };
export type SessionUser = { id: string; username: string; name: string; avatarUrl: string | null; isAdmin: boolean };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function isSessionUser(user: unknown): user is SessionUser {
  return (
    isObject(user) &&
    typeof user.id === 'string' &&
    typeof user.username === 'string' &&
    typeof user.name === 'string' &&
    (typeof user.avatarUrl === 'string' || user.avatarUrl === null) &&
    typeof user.isAdmin === 'boolean'
  );
}

/** The session `value` holds (its own fields only), or null when it is not one. */
function asSession(value: unknown): Session | null {
  if (!isObject(value) || typeof value.token !== 'string' || value.token === '' || !isSessionUser(value.user)) return null;
  const { id, username, name, avatarUrl, isAdmin } = value.user;
  return { token: value.token, user: { id, username, name, avatarUrl, isAdmin } };
}

/** The one place the session lives: persisted in storage, observable, and shared by every tab. */
export type SessionStore = {
  get: () => Session | null;
  set: (session: Session) => void;
  updateUser: (user: SessionUser) => void;
  clear: () => void;
  subscribe: (listener: () => void) => () => void;
};

export const SESSION_STORAGE_KEY = 'tidings.session';

function read(storage: Storage): Session | null {
  try {
    const raw = storage.getItem(SESSION_STORAGE_KEY);
    return raw ? asSession(JSON.parse(raw)) : null;
  } catch {
    return null; // unreadable storage or malformed JSON: treat as signed out
  }
}

/** Creates the session store over `storage`; a malformed stored value counts as signed out. */
export function createSessionStore(storage: Storage = appStorage, events: Window | null = window): SessionStore {
  let current = read(storage);
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  const write = (next: Session | null) => {
    current = next;
    if (next) storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(next));
    else storage.removeItem(SESSION_STORAGE_KEY);
    emit();
  };

  // Signing in or out in another tab applies here too, so no tab keeps sending a revoked token.
  events?.addEventListener('storage', (event) => {
    if (event.key !== SESSION_STORAGE_KEY && event.key !== null) return;
    current = read(storage);
    emit();
  });

  return {
    get: () => current,
    set: (session) => {
      const valid = asSession(session);
      if (!valid) throw new TypeError('Not a session: a token and a user are required');
      write(valid);
    },
    updateUser: (user) => {
      if (current && JSON.stringify(current.user) !== JSON.stringify(user)) write({ ...current, user });
    },
    clear: () => {
      if (current) write(null);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
