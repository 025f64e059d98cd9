// The story key of an address: two links that a reader's browser would open on the same article give the same key.
// Only what never changes the article is dropped (scheme, `www.`, default ports, fragment, trailing slashes,
// tracking parameters, AMP renditions); a parameter not known to be tracking is kept, since `?p=101` or `?v=…`
// may be the article itself.

/**
 * Query parameters that say how a reader arrived, never which article they read: dropped from story keys.
 * Compared in lower case. Besides these, every `utm_*`, `pk_*` and `mtm_*` parameter (Google Analytics, Matomo)
 * is dropped, as are the AMP switches (`amp`, `_amp`, `outputType=amp`) and a feed marker in `source`, `src` or
 * `from` (`?source=rss-…` on Medium, `?from=rss` elsewhere).
 */
export const TRACKING_PARAMETERS: ReadonlySet<string> = new Set([
  // ad and social click ids: Meta, Google Ads, Microsoft, Yandex, X/Twitter, TikTok, LinkedIn, Instagram
  'fbclid',
  'gclid',
  'gclsrc',
  'dclid',
  'gbraid',
  'wbraid',
  'msclkid',
  'yclid',
  'twclid',
  'ttclid',
  'li_fat_id',
  'igshid',
  'igsh',
  // Google Analytics cross-domain linkers
  '_ga',
  '_gl',
  // newsletters: Mailchimp, HubSpot, Marketo, Vero
  'mc_cid',
  'mc_eid',
  '_hsenc',
  '_hsmi',
  '__hssc',
  '__hstc',
  '__hsfp',
  'hsctatracking',
  'mkt_tok',
  'vero_id',
  'vero_conv',
  // referrer tags: generic, X/Twitter embeds, the New York Times' share links
  'ref',
  'ref_src',
  'ref_url',
  'referringsource',
  // publishers' campaign tags: CNN (cmpid), the Guardian (CMP, INTCMP), MSN (ocid), the New York Times (smid,
  // smtyp), the BBC (ito, at_* of AT Internet), Adobe Analytics (s_cid, s_kwcid, icid), comScore (ns_*),
  // French publishers (xtor), Webtrends (WT.mc_id), Alibaba (spm)
  'cmpid',
  'cmp',
  'intcmp',
  'ocid',
  'smid',
  'smtyp',
  'ito',
  'at_medium',
  'at_campaign',
  'at_campaign_type',
  'at_custom1',
  'at_custom2',
  'at_custom3',
  'at_custom4',
  'at_link_id',
  'at_link_origin',
  'at_link_type',
  'at_ptr_name',
  'at_bbc_team',
  'at_format',
  's_cid',
  's_kwcid',
  'icid',
  'sr_share',
  'ns_mchannel',
  'ns_source',
  'ns_campaign',
  'ns_linkname',
  'ns_fee',
  'xtor',
  'wt.mc_id',
  'wt_mc_id',
  'spm',
  // Google's AMP viewer adds these to the addresses it serves
  'usqp',
  'amp_js_v',
  'amp_gsa',
  'amp_ct',
  'amp_tf',
  'ampshare',
  'aoh',
]);

const TRACKING_PREFIXES = ['utm_', 'pk_', 'mtm_'];
const AMP_SWITCHES = new Set(['amp', '_amp']);
const FEED_MARKER_PARAMETERS = new Set(['source', 'src', 'from']);
const FEED_MARKER = /^(rss|atom|feed)/i;

// FeedBurner's click-through redirects name an opaque item id, not the article: only the item's
// feedburner:origLink says where they lead.
const FEED_PROXY_HOSTS = new Set(['feedproxy.google.com', 'feeds.feedburner.com', 'feeds2.feedburner.com', 'feedburner.google.com']);

const GOOGLE_AMP_CACHE = /\.cdn\.ampproject\.org$/;
const GOOGLE_HOST = /^(www\.)?google\.[a-z]{2,3}(\.[a-z]{2})?$/;

const INDEX_DOCUMENT = /\/index\.(html?|php)$/i;
const AMP_EXTENSION = /\.amp(\.html?)?$/i;

/**
 * Returns the story key of an article's address — host (lower case, without `www.`, `amp.` or `m.`), port when not a
 * default one, path and sorted query, without scheme, fragment, trailing slashes, tracking parameters or AMP forms
 * — or null when the address is not http(s) or is a FeedBurner redirect and `originalUrl` (the item's
 * feedburner:origLink) does not give the article's own address.
 */
export function canonicalAddress(url: string, originalUrl?: string | null): string | null {
  return canonicalForm(url, originalUrl ?? null, 0);
}

/** True for the canonical address of a site's front page (`example.com`, `example.com:8080`): many articles link it, none is it. */
export function isSiteRoot(address: string): boolean {
  return !address.includes('/') && !address.includes('?');
}

/** True for a FeedBurner click-through address (feedproxy.google.com, feeds.feedburner.com …). */
export function isFeedProxyAddress(url: string): boolean {
  const parsed = httpUrl(url);
  return parsed !== null && FEED_PROXY_HOSTS.has(parsed.hostname);
}

// An AMP cache address wraps the publisher's address, which may itself be an AMP form: unwrapped once, then
// canonicalised again; the depth bound keeps a cache address that names another from recursing without end.
const MAX_UNWRAP = 2;

function canonicalForm(url: string, originalUrl: string | null, depth: number): string | null {
  const parsed = httpUrl(url);
  if (parsed === null) return null;
  const hostname = parsed.hostname.replace(/\.$/, '');
  if (FEED_PROXY_HOSTS.has(hostname)) {
    return originalUrl === null || depth > 0 ? null : canonicalForm(originalUrl, null, depth + 1);
  }
  const unwrapped = unwrapAmpViewer(parsed, hostname);
  if (unwrapped !== null) return depth >= MAX_UNWRAP ? null : canonicalForm(unwrapped, null, depth + 1);

  const port = parsed.port === '' || parsed.port === '80' || parsed.port === '443' ? '' : `:${parsed.port}`;
  const query = canonicalQuery(parsed.searchParams);
  return `${canonicalHost(hostname)}${port}${canonicalPath(parsed.pathname)}${query ? `?${query}` : ''}`;
}

function httpUrl(url: string): URL | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  return parsed.hostname === '' ? null : parsed;
}

// Google AMP cache: https://<dashed-host>.cdn.ampproject.org/c/s/<host>/<path> (`/c/` content, `/v/` viewer; `s/`
// when the origin is https). Google's AMP viewer: https://www.google.com/amp/s/<host>/<path>.
// The viewer writes the publisher's own query escaped into its path (`…/story/%3foutputType%3damp`).
function unwrapAmpViewer(parsed: URL, hostname: string): string | null {
  let inner: string | null = null;
  if (GOOGLE_AMP_CACHE.test(hostname)) inner = /^\/[cv]\/(.+)$/.exec(parsed.pathname)?.[1] ?? null;
  else if (GOOGLE_HOST.test(hostname)) inner = /^\/amp\/(.+)$/.exec(parsed.pathname)?.[1] ?? null;
  if (inner === null) return null;
  const secure = inner.startsWith('s/');
  const [address = '', escapedQuery] = (secure ? inner.slice(2) : inner).split(/%3f/i, 2);
  if (!/^[^/]+\.[^/]+/.test(address)) return null;
  const query = [escapedQuery === undefined ? '' : safeDecode(escapedQuery), parsed.search.slice(1)].filter(Boolean).join('&');
  return `${secure ? 'https' : 'http'}://${address}${query ? `?${query}` : ''}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

// Renditions of one site under another host name: AMP (`amp.`), mobile (`m.`, `mobile.`, and Wikipedia's
// `en.m.wikipedia.org`), and `www.`. Only a label with at least a registrable name after it: `amp.dev`, `m.tv` and
// `www.com` are sites.
const RENDITION_LABELS = new Set(['www', 'amp', 'm', 'mobile']);

function canonicalHost(hostname: string): string {
  const labels = hostname.split('.');
  const kept = labels.filter((label, i) => {
    const nameAfter = labels.length - i - 1 >= 2;
    return !(nameAfter && (i === 0 ? RENDITION_LABELS.has(label) : i === 1 && label === 'm'));
  });
  return kept.join('.');
}

function canonicalPath(pathname: string): string {
  let path = decodeUnreserved(pathname).replace(/\/+$/, '');
  path = path.replace(INDEX_DOCUMENT, '');
  // AMP renditions: /story/amp, /amp/story, /story.amp, /story.amp.html.
  path = path.replace(/\/amp$/i, '').replace(/^\/amp(?=\/)/i, '');
  path = path.replace(AMP_EXTENSION, (_whole, html: string | undefined) => html ?? '');
  return path.replace(/\/+$/, '');
}

// Percent-escapes of letters, digits and -._~ name the same path as the characters themselves (RFC 3986 §6.2.2.2);
// the others are kept, with upper-case hex.
function decodeUnreserved(path: string): string {
  return path.replace(/%([0-9a-f]{2})/gi, (_whole, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return /[A-Za-z0-9\-._~]/.test(char) ? char : `%${hex.toUpperCase()}`;
  });
}

function canonicalQuery(params: URLSearchParams): string {
  const kept: [string, string][] = [];
  for (const [name, value] of params) {
    if (!isTrackingParameter(name, value)) kept.push([name, value]);
  }
  if (kept.length === 0) return '';
  kept.sort(([nameA, valueA], [nameB, valueB]) => compare(nameA, nameB) || compare(valueA, valueB));
  return new URLSearchParams(kept).toString();
}

function isTrackingParameter(name: string, value: string): boolean {
  const lower = name.toLowerCase();
  if (TRACKING_PARAMETERS.has(lower) || AMP_SWITCHES.has(lower)) return true;
  if (TRACKING_PREFIXES.some((prefix) => lower.startsWith(prefix))) return true;
  if (lower === 'outputtype') return value.toLowerCase() === 'amp';
  return FEED_MARKER_PARAMETERS.has(lower) && FEED_MARKER.test(value);
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
