export type PageFeedLink = { url: string; title: string };

/**
 * The feeds a page advertises with `<link rel="alternate">`. chrome.scripting.executeScript serialises this
 * function and runs it in the tab, so it must stay self-contained: no imports, no module-level constants.
 */
export function feedLinksIn(doc?: Document): PageFeedLink[] {
  const root = doc ?? document;
  const feedTypes = ['application/rss+xml', 'application/atom+xml', 'application/feed+json', 'application/json'];
  const links: PageFeedLink[] = [];
  for (const link of Array.from(root.querySelectorAll('link[rel][href][type]'))) {
    const rels = (link.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
    const type = (link.getAttribute('type') ?? '').toLowerCase().split(';')[0]?.trim() ?? '';
    if (!rels.includes('alternate') || !feedTypes.includes(type)) continue;
    let url: URL;
    try {
      url = new URL(link.getAttribute('href') ?? '', root.baseURI);
    } catch {
      continue;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') continue;
    links.push({ url: url.href, title: (link.getAttribute('title') ?? '').trim() });
  }
  return links;
}
