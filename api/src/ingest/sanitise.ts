// The sanitise stage: hostile article HTML → HTML that is safe to render (DESIGN "Untrusted content").
// An allowlist (sanitize-html) rather than a blocklist: anything not named here is dropped. Relative URLs
// are made absolute against the item's base so the stored HTML means the same thing wherever it is shown.
import { Parser } from 'htmlparser2';
import sanitize from 'sanitize-html';
import { revealPublisherHtml } from './publisherHtml.ts';
import { isTrackingPixel } from './trackingPixels.ts';

/** Hosts whose https embeds are kept as iframes (and the app's policy frames: contentSecurityPolicy.ts); every other iframe is removed. */
export const IFRAME_HOSTS: readonly string[] = [
  'www.youtube.com',
  'youtube.com',
  'www.youtube-nocookie.com',
  'youtube-nocookie.com',
  'player.vimeo.com',
  'www.dailymotion.com',
  'geo.dailymotion.com',
];

const IFRAME_SANDBOX = 'allow-scripts allow-same-origin allow-popups';

// Elements whose content must go with them: it is code, styling, or markup in another parsing mode
// (svg/math foreign content and raw-text elements are where mutation XSS hides).
const DROP_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'select',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'xmp',
  'plaintext',
  'title',
  'head',
  'svg',
  'math',
  'object',
  'embed',
  'applet',
  'frameset',
  'frame',
  'button',
  'form',
];

// Elements that separate words: the sanitiser keeps them, and plain text puts a space where each opens and closes.
const BLOCK_TAGS = [
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'td',
  'th',
  'tr',
  'ul',
];

const ALLOWED_TAGS = [
  ...BLOCK_TAGS,
  'a',
  'abbr',
  'audio',
  'b',
  'bdi',
  'bdo',
  'caption',
  'cite',
  'code',
  'col',
  'colgroup',
  'del',
  'details',
  'dfn',
  'em',
  'i',
  'iframe',
  'img',
  'ins',
  'kbd',
  'mark',
  'picture',
  'q',
  'rp',
  'rt',
  'ruby',
  's',
  'samp',
  'small',
  'source',
  'span',
  'strong',
  'sub',
  'summary',
  'sup',
  'tbody',
  'tfoot',
  'thead',
  'time',
  'track',
  'u',
  'var',
  'video',
  'wbr',
];

function absolute(value: string | undefined, base: string | null): string | null {
  if (value === undefined) return null;
  try {
    return base ? new URL(value.trim(), base).href : new URL(value.trim()).href;
  } catch {
    return null;
  }
}

function isHttp(url: string | null): url is string {
  return url !== null && /^https?:\/\//i.test(url);
}

/** Returns the absolute http(s) URL for `value` against `base`, or null for anything else (javascript:, data:, garbage). */
export function safeHttpUrl(value: string | null | undefined, base: string | null): string | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const url = absolute(value, base);
  return isHttp(url) ? url : null;
}

function resolveAttributes(attribs: sanitize.Attributes, names: string[], base: string | null): sanitize.Attributes {
  const out: sanitize.Attributes = { ...attribs };
  for (const name of names) {
    if (out[name] === undefined) continue;
    const url = absolute(out[name], base);
    if (url === null) delete out[name];
    else out[name] = url;
  }
  if (out.srcset !== undefined) {
    const candidates = out.srcset
      .split(/,\s+/)
      .map((candidate) => {
        const [url, ...descriptor] = candidate.trim().split(/\s+/);
        const resolved = safeHttpUrl(url, base);
        return resolved ? [resolved, ...descriptor].join(' ') : null;
      })
      .filter((c): c is string => c !== null);
    if (candidates.length) out.srcset = candidates.join(', ');
    else delete out.srcset;
  }
  return out;
}

/** The class of the figure holding an article's media images that its text does not show (normalise.ts). */
export const GALLERY_CLASS = 'tidings-gallery';

/** Prefix of every id the content keeps, so a footnote's id can never clash with (or hijack) one of the app's own. */
export const CONTENT_ID_PREFIX = 'tidings-c-';

const contentId = (id: string): string => `${CONTENT_ID_PREFIX}${id.trim().replace(/\s+/g, '-')}`;

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

// Footnotes and tables of contents link to ids in the same article: such links stay fragments (resolving them
// against the feed's base would send the reader to the publication's home page) and open in place.
const linkTransform =
  (resolveLink: sanitize.Transformer): sanitize.Transformer =>
  (tagName, attribs) => {
    const href = attribs.href?.trim();
    if (!href?.startsWith('#') || href.length < 2) return resolveLink(tagName, attribs);
    const { target: _target, ...rest } = attribs;
    return { tagName, attribs: { ...rest, href: `#${contentId(decodeFragment(href.slice(1)))}` } };
  };

// Old-style anchors (<a name>) are targets too: they become ids.
const prefixIds: sanitize.Transformer = (tagName, attribs) => {
  const { name, id, ...rest } = attribs;
  const target = id?.trim() || (tagName === 'a' ? name?.trim() : undefined);
  return { tagName, attribs: target ? { ...rest, id: contentId(target) } : rest };
};

function isAllowedEmbed(src: string | undefined): boolean {
  if (!src) return false;
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && IFRAME_HOSTS.includes(url.hostname.toLowerCase());
  } catch {
    return false;
  }
}

function options(base: string | null): sanitize.IOptions {
  const resolving =
    (names: string[], extra: Record<string, string> = {}): sanitize.Transformer =>
    (tagName, attribs) => ({
      tagName,
      attribs: { ...resolveAttributes(attribs, names, base), ...extra },
    });
  return {
    allowedTags: ALLOWED_TAGS,
    nonTextTags: DROP_WITH_CONTENT,
    disallowedTagsMode: 'discard',
    allowedAttributes: {
      '*': ['id'],
      a: ['href', 'title', 'rel', 'target', 'hreflang'],
      img: ['src', 'srcset', 'sizes', 'alt', 'title', 'width', 'height', 'loading'],
      iframe: ['src', 'width', 'height', 'title', 'allowfullscreen', 'sandbox', 'loading', 'referrerpolicy'],
      video: ['src', 'poster', 'controls', 'width', 'height', 'preload'],
      audio: ['src', 'controls', 'preload'],
      source: ['src', 'srcset', 'type', 'media', 'sizes'],
      track: ['src', 'kind', 'srclang', 'label'],
      abbr: ['title'],
      blockquote: ['cite'],
      q: ['cite'],
      del: ['cite', 'datetime'],
      ins: ['cite', 'datetime'],
      time: ['datetime'],
      ol: ['start', 'reversed', 'type'],
      li: ['value'],
      td: ['colspan', 'rowspan', 'headers'],
      th: ['colspan', 'rowspan', 'headers', 'scope'],
      col: ['span'],
      colgroup: ['span'],
      bdo: ['dir'],
      details: ['open'],
    },
    // data: URLs are refused everywhere, img included: no scheme but http(s)/mailto reaches the page.
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: {
      img: ['http', 'https'],
      iframe: ['https'],
      video: ['http', 'https'],
      audio: ['http', 'https'],
      source: ['http', 'https'],
      track: ['http', 'https'],
    },
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'poster'],
    allowProtocolRelative: false,
    allowedIframeHostnames: [...IFRAME_HOSTS],
    allowIframeRelativeUrls: false,
    allowedStyles: {},
    allowedClasses: { figure: [GALLERY_CLASS] },
    transformTags: {
      '*': prefixIds,
      a: linkTransform(resolving(['href'], { rel: 'noopener noreferrer', target: '_blank' })),
      img: resolving(['src'], { loading: 'lazy' }),
      iframe: resolving(['src'], {
        sandbox: IFRAME_SANDBOX,
        allowfullscreen: '',
        loading: 'lazy',
        referrerpolicy: 'strict-origin-when-cross-origin',
      }),
      video: resolving(['src', 'poster'], { preload: 'none', controls: '' }),
      audio: resolving(['src'], { preload: 'none', controls: '' }),
      source: resolving(['src']),
      track: resolving(['src']),
      blockquote: resolving(['cite']),
      q: resolving(['cite']),
      del: resolving(['cite']),
      ins: resolving(['cite']),
    },
    exclusiveFilter: (frame) =>
      (frame.tag === 'iframe' && !isAllowedEmbed(frame.attribs.src)) ||
      (frame.tag === 'img' && ((!frame.attribs.src && !frame.attribs.srcset) || isTrackingPixel(frame.attribs))),
  };
}

/** Markup nested deeper than this is hostile: no article needs it, and the HTML parser's time grows with the square of the depth. */
export const NESTING_MAX = 500;

// Nesting that deep takes a few kilobytes of markup at least: shorter content is not measured.
const NESTING_CHECKED_FROM = 4096;

/** What sanitising gives for markup nested deeper than NESTING_MAX. */
export const TOO_DEEP = '<p>This content could not be shown: its markup is nested too deeply.</p>';

/**
 * Returns HTML holding only allowlisted tags/attributes, absolute http(s) URLs, safe links, lazy images and sandboxed
 * video embeds; ids prefixed with CONTENT_ID_PREFIX, in-page links kept. Markup nested deeper than NESTING_MAX gives
 * TOO_DEEP instead.
 */
export function sanitiseHtml(html: string, baseUrl: string | null): string {
  if (html.length >= NESTING_CHECKED_FROM && deepestNesting(html) > NESTING_MAX) return TOO_DEEP;
  return sanitize(revealPublisherHtml(html), optionsFor(baseUrl)).trim();
}

/**
 * The part of a page the HTML parser may read whole: the page, or, when its markup nests deeper than NESTING_MAX,
 * what comes before its <body> (where a page names its title, canonical address and feeds), else nothing.
 */
export function parsablePart(html: string): string {
  if (html.length < NESTING_CHECKED_FROM || deepestNesting(html) <= NESTING_MAX) return html;
  const body = html.search(/<body[\s>]/i);
  const head = body >= 0 ? html.slice(0, body) : '';
  return deepestNesting(head) <= NESTING_MAX ? head : '';
}

// Void elements, and those whose end tag may be left out (the parser closes them itself), never nest by themselves.
const NEVER_NESTED = new Set(
  'area base br col embed hr img input link meta source track wbr p li dt dd tr td th tbody thead tfoot option optgroup rp rt colgroup caption'.split(
    ' ',
  ),
);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)(?:[^>"']|"[^"]*"|'[^']*')*?(\/?)>/g;

/**
 * How deep the markup's elements nest, by a linear scan of its tags (the HTML parser itself slows with the square of
 * the depth, so it cannot be asked): an upper bound close enough to refuse a bomb and pass every real page.
 */
export function deepestNesting(html: string): number {
  let depth = 0;
  let deepest = 0;
  for (const [, closing, name, selfClosing] of html.matchAll(TAG)) {
    if (NEVER_NESTED.has(name!.toLowerCase()) || selfClosing) continue;
    depth = closing ? Math.max(0, depth - 1) : depth + 1;
    if (depth > deepest) deepest = depth;
  }
  return deepest;
}

// The items of a feed share their base: the options (a few dozen closures and lists) are built once per base, not
// once per article. sanitize-html copies the object it is given, so a cached one is never changed.
const OPTIONS_CACHE_SIZE = 64;
const optionsByBase = new Map<string | null, sanitize.IOptions>();

function optionsFor(base: string | null): sanitize.IOptions {
  const cached = optionsByBase.get(base);
  if (cached) return cached;
  if (optionsByBase.size >= OPTIONS_CACHE_SIZE) optionsByBase.delete(optionsByBase.keys().next().value!);
  const built = options(base);
  optionsByBase.set(base, built);
  return built;
}

const WORD_BREAKS = new Set<string>([...BLOCK_TAGS, 'address']);
const SKIPPED_TAGS = new Set([...DROP_WITH_CONTENT, 'iframe', 'audio', 'video']);

/** Returns the readable text of an HTML fragment: tags and comments removed, entities decoded, whitespace collapsed to single spaces. */
export function plainText(html: string): string {
  const parts: string[] = [];
  let skipping = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (SKIPPED_TAGS.has(name)) skipping++;
        else if (WORD_BREAKS.has(name)) parts.push(' ');
      },
      onclosetag(name) {
        if (SKIPPED_TAGS.has(name)) skipping = Math.max(0, skipping - 1);
        else if (WORD_BREAKS.has(name)) parts.push(' ');
      },
      ontext(text) {
        if (skipping === 0) parts.push(text);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return collapseWhitespace(parts.join(''));
}

/** Returns the text with every run of whitespace (including NBSP) turned into one space, trimmed. */
export function collapseWhitespace(text: string): string {
  // A single space, nearly every gap in text, is left alone (matched, it would be replaced by itself): 2.5 times faster.
  return text.replace(/[\s\u200b]{2,}|[^\S ]|\u200b/g, ' ').trim();
}
