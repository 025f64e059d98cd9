import { z } from 'zod';

const sessionSchema = z.object({
  token: z.string().min(1),
  user: z.object({
    id: z.string(),
    username: z.string(),
    name: z.string(),
    avatarUrl: z.string().nullable(),
    isAdmin: z.boolean(),
  }),
});

/** Who is signed in and the bearer token every call sends (spec part 1 §3: Session, persisted). */
export type Session = z.infer<typeof sessionSchema>;
export type SessionUser = Session['user'];

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
    const parsed = raw ? sessionSchema.safeParse(JSON.parse(raw)) : null;
    return parsed?.success ? parsed.data : null;
  } catch {
    return null; // unreadable storage or malformed JSON: treat as signed out
  }
}

/** Creates the session store over `storage`; a malformed stored value counts as signed out. */
export function createSessionStore(storage: Storage = window.localStorage, events: Window | null = window): SessionStore {
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
    set: (session) => write(sessionSchema.parse(session)),
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
