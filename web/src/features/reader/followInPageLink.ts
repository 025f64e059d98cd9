/**
 * Follows a footnote or table-of-contents link (`href="#…"`) inside the article `root`: scrolls to its target and
 * moves focus there, so the keyboard and screen readers land where the eye does. The app's address is left alone
 * (the router owns it, and the ids are the article's, prefixed by the server's sanitiser). Answers whether the
 * click was such a link.
 */
export function followInPageLink(root: HTMLElement, event: Pick<MouseEvent, 'target' | 'preventDefault'>): boolean {
  const link = event.target instanceof Element ? event.target.closest('a[href^="#"]') : null;
  if (!link || !root.contains(link)) return false;
  const id = decodeFragment(link.getAttribute('href')?.slice(1) ?? '');
  const target = id ? [...root.querySelectorAll<HTMLElement>('[id]')].find((element) => element.id === id) : undefined;
  if (!target) return false;
  event.preventDefault();
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.scrollIntoView({ block: 'center' });
  target.focus({ preventScroll: true });
  return true;
}

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
