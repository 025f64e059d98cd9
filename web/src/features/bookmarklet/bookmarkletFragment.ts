/** What the Tidings window is about: the bookmarklet's token and the page it was clicked on. */
export type BookmarkletTarget = { token: string; page: { url: string; title: string } | null };

/**
 * Reads `#token=…&url=…&title=…`: null without a token; `page` null when the address is not a web page's
 * (http or https), which Tidings cannot subscribe to or share. A missing title falls back to the address.
 */
export function parseBookmarkletFragment(hash: string): BookmarkletTarget | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get('token')?.trim();
  if (!token) return null;
  const url = params.get('url')?.trim() ?? '';
  const webPage = URL.canParse(url) && /^https?:$/.test(new URL(url).protocol);
  return { token, page: webPage ? { url, title: params.get('title')?.trim() || url } : null };
}
