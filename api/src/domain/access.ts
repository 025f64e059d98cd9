import { ForbiddenError } from './errors.ts';
import type { Viewer } from './services.ts';

export const TOKEN_REFUSED = 'An API token cannot do this. Sign in to Tidings to manage your account.';

/**
 * Refuses a viewer who signed in with a personal API token. A token acts for its owner on feeds, articles, shares
 * and comments (what reader apps, the extension and the bookmarklet do), never on the account itself: password,
 * profile, sessions, tokens, invites, preferences and administration call this first. `access.test.ts` holds every
 * GraphQL mutation and REST route to one side or the other, so a new one cannot slip through unclassified.
 */
export function requireAccountAccess(viewer: Viewer): void {
  if (viewer.credential.kind === 'apiToken') throw new ForbiddenError(TOKEN_REFUSED);
}
