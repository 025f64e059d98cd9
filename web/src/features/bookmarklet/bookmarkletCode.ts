/** The popup the bookmarklet opens where the page will not run Tidings' script (a strict Content Security Policy). */
export const BOOKMARKLET_POPUP = { name: 'tidings', features: 'popup,width=460,height=700' } as const;

/**
 * The bookmarklet: a `javascript:` URL that injects `{origin}/bookmarklet.js#token=…` into the current page (the
 * script puts the Tidings window on the page; the token stays in the fragment, which no server sees) and, when
 * the page refuses the script (its `error` event) or
 * refuses to create it (Trusted Types throw), opens the Tidings window as a popup with the page's address and
 * title in the fragment. The token is URL-encoded once, here; the page's address and title when clicked. `origin` is
 * the instance's PUBLIC_URL, where the script opens its window too: script, window and popup share one origin.
 */
export function bookmarkletCode(origin: string, token: string): string {
  const base = JSON.stringify(origin.replace(/\/+$/, ''));
  const key = JSON.stringify(encodeURIComponent(token));
  const source =
    `(function(){var o=${base},t=${key},d=document,s;` +
    `function w(){window.open(o+'/bookmarklet#token='+t+'&url='+encodeURIComponent(location.href)+'&title='+encodeURIComponent(d.title),` +
    `'${BOOKMARKLET_POPUP.name}','${BOOKMARKLET_POPUP.features}')}` +
    `try{s=d.createElement('script');s.onerror=function(){s.remove();w()};s.src=o+'/bookmarklet.js#token='+t;` +
    `(d.body||d.documentElement).appendChild(s)}catch(e){w()}})()`;
  // A browser percent-decodes a javascript: URL before running it, and '#' would start its fragment.
  return `javascript:${encodeURI(source).replace(/#/g, '%23')}`;
}
