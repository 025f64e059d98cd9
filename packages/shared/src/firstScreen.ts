/**
 * The contract between the API and the web app's server renderer, which draws a signed-in reader's /articles before
 * the app's scripts have run (docs/architecture.md, "The first screen drawn by the server"). The web app writes the
 * two cookies and renders; the API reads the cookies, finds the reader and calls the renderer it was given at start-up.
 */

/** The session's bearer token, a copy of what local storage holds, sent with a page load of /articles. */
export const SESSION_COOKIE = 'tidings_session';
/** Whose list view a bare /articles comes back to, and that view: `{ user, view }` as JSON. */
export const VIEW_COOKIE = 'tidings_view';
/** The page the server draws, and the only path the cookies go with: never the API's calls, which carry the bearer token. */
export const DRAWN_PAGE = '/articles';

/** The signed-in reader as the app's session holds them (`id` is the user's GraphQL id). */
export type SessionUser = { id: string; username: string; name: string; avatarUrl: string | null; isAdmin: boolean };

export type DrawRequest = {
  /** The page's path and query, e.g. /articles?filter=unread. */
  url: string;
  /** The signed-in reader, as the server found them by the session cookie's token. */
  session: { token: string; user: SessionUser };
  /** The view cookie's content, parsed: the list view a bare /articles comes back to, if any. */
  viewCookie: unknown;
  /** Answers the app's GraphQL calls, in the server's process. */
  fetch: typeof globalThis.fetch;
};

/**
 * Draws the first screen's markup for the page, or null when it cannot (not the article list after the routes'
 * redirects, or a query failed): the page then goes out undrawn.
 */
export type FirstScreenRenderer = (request: DrawRequest) => Promise<string | null>;
