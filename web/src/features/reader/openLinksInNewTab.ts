/**
 * Makes every link under `root` open in a new tab without handing the opened page `window.opener` or a referrer.
 * The server's sanitiser already writes these attributes (api/src/ingest/sanitise.ts); this keeps the promise for
 * HTML stored before that rule or by any other path, so an article can never navigate the app away. In-page links
 * (footnotes, `#…`) are the exception: they move within the article (followInPageLink.ts).
 */
export function openLinksInNewTab(root: ParentNode): void {
  for (const link of root.querySelectorAll('a[href]')) {
    if (link.getAttribute('href')?.startsWith('#')) {
      link.removeAttribute('target');
      continue;
    }
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
  }
}
