import { ForbiddenError } from '../core/errors.ts';
import type { Viewer } from '../core/services.ts';

export const TOKEN_REFUSED = 'An API token cannot do this. Sign in to Tidings to manage your account.';
export const BOOKMARKLET_REFUSED = 'A bookmarklet token can only look for feeds on a page, subscribe to one and share the page.';

/**
 * Refuses a viewer who signed in with a personal API token. A token acts for its owner on feeds, articles, shares
 * and comments (what reader apps, the extension and the bookmarklet do), never on the account itself: password,
 * profile, sessions, tokens, invites, preferences and administration call this first. `apiTokens.test.ts` holds
 * every GraphQL mutation to one side or the other, so a new one cannot slip through unclassified.
 */
export function requireAccountAccess(viewer: Viewer): void {
  if (viewer.credential.kind === 'apiToken') throw new ForbiddenError(TOKEN_REFUSED);
}

/**
 * Whether the viewer may see what would let them change the account's credentials: the e-mail address (a reset
 * link goes there) and a password reset's link. Only a session may: a token, which reader apps and pages hold,
 * would otherwise become the password (read the address, ask for a reset, read the link).
 */
export function mayKnowCredentialSecrets(viewer: Viewer | null): boolean {
  return viewer?.credential.kind === 'session';
}

/**
 * The only things a bookmarklet token may do, since every page the bookmarklet runs on can read it: look for the
 * feeds a page advertises, subscribe to one of them, share the page. No reading of articles, notifications,
 * comments or the account, no Google Reader or Fever, no live connection. Each API names its operations for
 * these actions (`graphql/bookmarkletScope.ts`, `rest/router.ts`) and refuses every other one to such a token.
 */
export const PAGE_ACTIONS = ['detectFeeds', 'subscribeToFeed', 'sharePage'] as const;
export type PageAction = (typeof PAGE_ACTIONS)[number];

/** Whether the viewer holds a bookmarklet token, which may do the `PAGE_ACTIONS` only. */
export function isLimitedToPageActions(viewer: Viewer | null): boolean {
  return viewer?.credential.kind === 'apiToken' && viewer.credential.scope === 'bookmarklet';
}

/** Refuses a bookmarklet token: each API calls it for every operation that is not one of the `PAGE_ACTIONS`. */
export function refuseBookmarkletToken(viewer: Viewer | null): void {
  if (isLimitedToPageActions(viewer)) throw new ForbiddenError(BOOKMARKLET_REFUSED);
}
