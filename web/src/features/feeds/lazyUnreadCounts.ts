import type * as CountsInStore from './unreadCountsInStore';

// The sidebar counts' updates in the store (unreadCountsInStore.ts) load apart from the first screen, with the
// unread-counts subscription (useUnreadCountsSubscription.ts) once the page is idle; the read and mark-all-read
// actions use them from then on.

let loaded: typeof CountsInStore | undefined;
let loading: Promise<typeof CountsInStore> | undefined;

/** Loads the module once (again after a failure). */
export function loadUnreadCountsInStore(): Promise<typeof CountsInStore> {
  return (loading ??= import('./unreadCountsInStore').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  ));
}

/** The module, when it has loaded: a read before then moves no count at once, and the server's event sets it a moment later. */
export const unreadCountsInStore = (): typeof CountsInStore | undefined => loaded;
