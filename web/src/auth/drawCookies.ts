import { DRAWN_PAGE } from '@tidings/shared/firstScreen';

/**
 * What the server needs to draw /articles before the app's scripts have run (docs/architecture.md, "The first screen
 * drawn by the server"): the session's token and the list view a bare /articles comes back to. Copies of what local
 * storage holds, readable by the page as that storage is; sent only with a page load of /articles from this site
 * (Path, SameSite=Strict), never with the API's calls, which carry the bearer token as before.
 */
export { SESSION_COOKIE, VIEW_COOKIE } from '@tidings/shared/firstScreen';

const A_YEAR = 365 * 24 * 60 * 60;

/** Sets `name` to `value`, or removes it (null). */
export function writeDrawCookie(name: string, value: string | null, doc: Document = document): void {
  const secure = doc.location.protocol === 'https:' ? '; Secure' : '';
  const content = value === null ? '; Max-Age=0' : `${encodeURIComponent(value)}; Max-Age=${A_YEAR}`;
  doc.cookie = `${name}=${content}; Path=${DRAWN_PAGE}; SameSite=Strict${secure}`;
}

/** The view cookie's content: whose view it is, and the view local storage keeps (null: none). */
export function viewCookieValue(userId: string, view: unknown): string | null {
  return view === null ? null : JSON.stringify({ user: userId, view });
}

/** The view a view cookie's content (parsed) holds for `userId`, if it is theirs. */
export function savedViewIn(content: unknown, userId: string): unknown {
  const { user, view } = (typeof content === 'object' && content !== null ? content : {}) as { user?: unknown; view?: unknown };
  return user === userId ? view : undefined;
}
