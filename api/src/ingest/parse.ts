// The parse stage: bytes → a format-neutral ParsedFeed. Values stay raw (relative URLs, unparsed dates,
// unsanitised HTML); normalise.ts resolves and cleans them. The parser library is feedsmith, chosen by
// api/scripts/bench-parsers.ts (figures in docs/feed-parsers.md).
import { parseFeed as feedsmithParse, parseJsonFeed, ParseError as FeedsmithParseError } from 'feedsmith';
import { DomUtils, parseDocument } from 'htmlparser2';
import { decodeFeedBody, stripIllegalXmlChars } from './decode.ts';

export type FeedFormat = 'rss' | 'rdf' | 'atom' | 'json';

/** A text construct: `html` values are markup (to sanitise or strip), `text` values are literal characters. */
export interface ParsedText {
  value: string;
  type: 'text' | 'html';
  /** The element's own xml:base (Atom), unresolved: its relative URLs are read against it. */
  base?: string | null;
}

/** One item as the feed wrote it; URLs may be relative to `base`, dates are the raw strings. */
export interface ParsedItem {
  id: string | null;
  /** RSS 2.0: the guid is the item's permanent address (isPermaLink, true when absent); false for Atom and JSON ids. */
  idIsPermaLink: boolean;
  url: string | null;
  /** The article's own address when `url` is a FeedBurner redirect (feedburner:origLink), unresolved. */
  originalUrl: string | null;
  title: ParsedText | null;
  authors: string[];
  summary: ParsedText | null;
  content: ParsedText | null;
  published: string | null;
  updated: string | null;
  /** The item's own xml:base (Atom), unresolved. */
  base: string | null;
  /** Image candidates in order of preference: media:content images, media:thumbnail, image enclosures, JSON image/banner_image, itunes:image. */
  images: string[];
  /** The media:content and media:thumbnail images, for showing those the content lacks. */
  mediaImages: string[];
  /** Audio and video attachments (podcast episodes), URLs unresolved. */
  enclosures: ParsedEnclosure[];
  /** The RSS <comments> page. */
  commentsUrl: string | null;
  /** A YouTube channel feed's video (yt:videoId). */
  youtubeVideoId: string | null;
}

/** An audio or video file attached to an item; `durationSeconds` from itunes:duration or JSON Feed. */
export interface ParsedEnclosure {
  url: string;
  type: string;
  length: number | null;
  durationSeconds: number | null;
}

/** A feed as the document wrote it, whatever its format. */
export interface ParsedFeed {
  format: FeedFormat;
  title: ParsedText | null;
  description: ParsedText | null;
  siteUrl: string | null;
  /** The document's root xml:base, unresolved. */
  base: string | null;
  items: ParsedItem[];
}

/** Thrown when a body is not a feed we can read; `message` is fit to show to the user. */
export class FeedParseError extends Error {
  override readonly name = 'FeedParseError';
  constructor(message = 'This is not a valid RSS, Atom or JSON feed', options?: { cause?: unknown }) {
    super(message, options);
  }
}

const NOT_A_FEED = 'This is not a valid RSS, Atom or JSON feed';

// XXE and entity-expansion bombs live in the DTD. Feeds have no business declaring one, so the whole
// DOCTYPE (internal subset included) is cut before any parser sees the text; references to the
// entities it declared are left as literal text. The scan is linear and honours quotes inside the subset.
/** Removes a DOCTYPE declaration (with its internal subset) from XML text; other text is unchanged. */
export function stripDoctype(xml: string): string {
  const start = xml.search(/<!DOCTYPE/i);
  if (start === -1) return xml;
  const firstElement = xml.slice(0, start).search(/<[A-Za-z_]/);
  if (firstElement !== -1) return xml; // a DOCTYPE after the root element is just text for the parser to judge
  let depth = 0;
  let quote: string | null = null;
  for (let i = start + 2; i < xml.length; i++) {
    const c = xml[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '[') {
      depth++;
    } else if (c === ']') {
      depth = Math.max(0, depth - 1);
    } else if (c === '>' && depth === 0) {
      return xml.slice(0, start) + xml.slice(i + 1);
    }
  }
  return xml.slice(0, start); // an unterminated DOCTYPE swallows the document: nothing safe to parse
}

// feedsmith does not read an RSS item's XHTML body (<xhtml:body xmlns:xhtml="http://www.w3.org/1999/xhtml">, or
// <body xmlns="…xhtml">): each is turned into the content:encoded it stands for. Only feeds that name the XHTML
// namespace pay for the scan.
const XHTML_NS = 'http://www.w3.org/1999/xhtml';
const XHTML_PREFIX = /\sxmlns:([\w.-]+)\s*=\s*["']http:\/\/www\.w3\.org\/1999\/xhtml["']/;

/** Rewrites XHTML <body> elements as content:encoded CDATA (their markup unprefixed); other text is unchanged. */
export function xhtmlBodiesAsContent(xml: string): string {
  if (!xml.includes(XHTML_NS)) return xml;
  const prefix = XHTML_PREFIX.exec(xml)?.[1]?.replaceAll('.', '\\.');
  const unprefixed = xml.replace(DEFAULT_NAMESPACE_BODY, (_whole, inner: string) => asContentEncoded(inner));
  if (!prefix) return unprefixed;
  const prefixedBody = new RegExp(`<${prefix}:body\\b[^>]*>([\\s\\S]*?)</${prefix}:body\\s*>`, 'g');
  return unprefixed.replace(prefixedBody, (_whole, inner: string) =>
    asContentEncoded(inner.replace(new RegExp(`<(/?)${prefix}:`, 'g'), '<$1')),
  );
}

const DEFAULT_NAMESPACE_BODY = /<body\s+xmlns\s*=\s*["']http:\/\/www\.w3\.org\/1999\/xhtml["'][^>]*>([\s\S]*?)<\/body\s*>/g;

const asContentEncoded = (markup: string): string =>
  `<content:encoded><![CDATA[${markup.replaceAll(']]>', ']]]]><![CDATA[>')}]]></content:encoded>`;

// feedsmith keeps the xml:base of the feed, each entry and each text construct, but not that of a <link>: a link's
// own base is applied to its href here, so the href stays relative only to the bases feedsmith does keep.
const LINK_WITH_BASE = /<((?:[\w.-]+:)?link)\b([^>]*?\sxml:base\s*=[^>]*)>/g;

/** Applies the xml:base attribute of each <link> to its href; other text is unchanged. */
export function applyLinkBases(xml: string): string {
  if (!xml.includes('xml:base')) return xml;
  return xml.replace(LINK_WITH_BASE, (whole, _tag: string, attributes: string) => {
    const base = /\sxml:base\s*=\s*(["'])(.*?)\1/.exec(attributes)?.[2];
    const href = /\shref\s*=\s*(["'])(.*?)\1/.exec(attributes);
    if (base === undefined || !href) return whole;
    return whole.replace(href[0], () => ` href=${href[1]}${joinReference(base, href[2] ?? '')}${href[1]}`);
  });
}

// Resolves `reference` against `base` as far as they allow: against an absolute base fully, against a relative one by
// path, so that what is left is resolved later against the bases above it.
function joinReference(base: string, reference: string): string {
  if (URL.canParse(reference) || base === '') return reference;
  if (URL.canParse(base)) return new URL(reference, base).href;
  if (reference.startsWith('/')) return reference;
  return base.slice(0, base.lastIndexOf('/') + 1) + reference;
}

// Broken XML (unclosed tags, a truncated body) is recovered the way Miniflux's non-strict decoder and
// feedparser's "bozo" mode do: htmlparser2 in XML mode closes what is open, and the result is parsed again.
// Entities are left encoded so the feed parser still decodes HTML named entities itself.
function recoverXml(xml: string): string {
  const document = parseDocument(xml, { xmlMode: true, decodeEntities: false, recognizeCDATA: true });
  return DomUtils.getOuterHTML(document, { xmlMode: true, decodeEntities: false, encodeEntities: false });
}

type Feedsmith = ReturnType<typeof feedsmithParse>;
/** What feedsmith read, or only the format of a feed root in which it read nothing. */
type FeedsmithResult = Feedsmith | { format: 'rss' | 'rdf' | 'atom'; feed: null };

function parseWithFeedsmith(text: string): FeedsmithResult {
  if (!text.startsWith('<')) return parseJson(text);
  try {
    return feedsmithParseOrEmpty(text);
  } catch {
    return feedsmithParseOrEmpty(recoverXml(text));
  }
}

// feedsmith refuses a feed in which it reads no field it knows (`<rss version="2.0"/>`, an Atom 0.3 feed of only
// <copyright>): when the document's root element is a feed's, that is a feed without items, not a page that is not a
// feed (a web page that merely mentions <feed> or <rss> keeps being refused, so that discovery reads it).
const FEED_ROOTS: Record<string, 'rss' | 'atom' | 'rdf'> = { rss: 'rss', feed: 'atom', RDF: 'rdf' };

function feedsmithParseOrEmpty(text: string): FeedsmithResult {
  try {
    return feedsmithParse(text);
  } catch (error) {
    const format = FEED_ROOTS[rootElement(text) ?? ''];
    if (!(error instanceof FeedsmithParseError) || !format) throw error;
    return { format, feed: null };
  }
}

/** The local name of the document's first element, past the XML declaration, processing instructions and comments. */
function rootElement(xml: string): string | null {
  return /^(?:\s|<\?[\s\S]*?\?>|<!--[\s\S]*?-->)*<(?:[\w.-]+:)?([\w.-]+)/.exec(xml)?.[1] ?? null;
}

// JSON Feed's version is a URL, but feeds in the wild write "1.0" or leave it out: an object with an items list is
// read as JSON Feed whatever its version says.
function parseJson(text: string): Feedsmith {
  try {
    return feedsmithParse(text);
  } catch (error) {
    const json: unknown = JSON.parse(text);
    if (typeof json !== 'object' || json === null || !Array.isArray((json as { items?: unknown }).items)) throw error;
    return { format: 'json', feed: parseJsonFeed({ ...json, version: 'https://jsonfeed.org/version/1.1' }) };
  }
}

/** Parses RSS 0.9x/1.0/2.0, Atom 0.3/1.0 or JSON Feed 1.0/1.1 bytes; never expands DTD entities; throws FeedParseError. */
export function parseFeed(body: Buffer, contentType: string | null): ParsedFeed {
  const { text: decoded } = decodeFeedBody(body, contentType);
  const text = applyLinkBases(xhtmlBodiesAsContent(stripDoctype(stripIllegalXmlChars(decoded)))).trim();
  if (!text) throw new FeedParseError('The feed is empty');
  let result: FeedsmithResult;
  try {
    result = parseWithFeedsmith(text);
  } catch (error) {
    throw new FeedParseError(NOT_A_FEED, { cause: error });
  }
  if (result.feed === null) return { format: result.format, title: null, description: null, siteUrl: null, base: null, items: [] };
  switch (result.format) {
    case 'rss':
    case 'rdf':
      return fromRss(result.format, result.feed, feedburnerOriginalLinks(text, 'item', result.feed.items?.length ?? 0));
    case 'atom':
      return fromAtom(result.feed, feedburnerOriginalLinks(text, 'entry', result.feed.entries?.length ?? 0));
    case 'json':
      return fromJson(result.feed);
    default:
      throw new FeedParseError(NOT_A_FEED);
  }
}

const str = (value: unknown): string | null => {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number') return String(value);
  return null;
};
const html = (value: unknown): ParsedText | null => {
  const s = str(value);
  return s === null ? null : { value: s, type: 'html' };
};
const compact = (values: unknown[]): string[] => values.map(str).filter((v): v is string => v !== null);

type Sized = { width?: number | string; height?: number | string };

type MediaDescription = { value?: string; type?: string };

interface MediaLike {
  contents?: ({ url?: string; type?: string; medium?: string; description?: MediaDescription } & Sized)[];
  thumbnails?: ({ url?: string } & Sized)[];
  description?: MediaDescription;
  groups?: MediaLike[];
}

function mediaText(description: MediaDescription | undefined): ParsedText | null {
  const value = str(description?.value);
  return value === null ? null : { value, type: description?.type === 'html' ? 'html' : 'text' };
}

const isImageMedia = (m: { type?: string; medium?: string }): boolean =>
  m.medium === 'image' || (m.type ?? '').toLowerCase().startsWith('image/');

// GitHub and others put the author's avatar (30 px) in media:thumbnail: an image whose declared sides are all under
// 100 px is an icon, not the article's picture (a 120×80 thumbnail still is one).
const MIN_IMAGE_SIDE = 100;
const bigEnough = ({ width, height }: Sized): boolean => {
  const sides = [width, height].map(Number).filter((side) => Number.isFinite(side) && side > 0);
  return sides.length === 0 || sides.some((side) => side >= MIN_IMAGE_SIDE);
};

function mediaImages(media: MediaLike | undefined): { contents: string[]; thumbnails: string[]; description: ParsedText | null } {
  if (!media) return { contents: [], thumbnails: [], description: null };
  const contents = compact((media.contents ?? []).filter((m) => isImageMedia(m) && bigEnough(m)).map((m) => m.url));
  const thumbnails = compact((media.thumbnails ?? []).filter(bigEnough).map((t) => t.url));
  // media:description may sit on the item, on a group or on one media:content.
  let description = [media.description, ...(media.contents ?? []).map((m) => m.description)].map(mediaText).find(Boolean) ?? null;
  for (const group of media.groups ?? []) {
    const nested = mediaImages(group);
    contents.push(...nested.contents);
    thumbnails.push(...nested.thumbnails);
    description ??= nested.description;
  }
  return { contents, thumbnails, description };
}

const isPlayable = (type: string | undefined): boolean => /^(audio|video)\//i.test(type ?? '');

function enclosure(url: unknown, type: string | undefined, length: unknown, durationSeconds: unknown): ParsedEnclosure | null {
  const href = str(url);
  if (href === null || !isPlayable(type)) return null;
  const bytes = Number(length);
  const seconds = Number(durationSeconds);
  return {
    url: href,
    type: (type as string).toLowerCase(),
    length: Number.isFinite(bytes) && bytes > 0 ? bytes : null,
    durationSeconds: Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : null,
  };
}

const present = <T>(values: (T | null)[]): T[] => values.filter((v): v is T => v !== null);

type RssLike = Extract<Feedsmith, { format: 'rss' | 'rdf' }>['feed'] & {
  atom?: { links?: AtomLinkLike[] };
  dc?: { titles?: string[] };
  itunes?: { title?: string; summary?: string };
};
type RssItemLike = NonNullable<RssLike['items']>[number] & {
  authors?: { name?: string; email?: string }[];
  enclosures?: { url?: string; type?: string; length?: number | string }[];
  guid?: { value?: string; isPermaLink?: boolean };
  pubDate?: string;
  comments?: string;
  media?: MediaLike & { title?: { value?: string } };
  itunes?: { duration?: number | string; image?: string; author?: string; title?: string; summary?: string };
  atom?: { links?: AtomLinkLike[] };
};

// RSS 2.0: a guid is the item's permalink unless isPermaLink="false"; only an absolute http(s) one is taken as a link
// (many feeds leave the attribute out on guids that are not addresses at all).
function permalinkGuid(guid: RssItemLike['guid']): string | null {
  const value = str(guid?.value)?.trim() ?? null;
  return value !== null && guid?.isPermaLink !== false && /^https?:\/\//i.test(value) ? value : null;
}

function fromRss(format: 'rss' | 'rdf', feed: RssLike, originalLinks: (string | null)[]): ParsedFeed {
  return {
    format,
    title: html(feed.title) ?? html(feed.dc?.titles?.[0]) ?? html(feed.itunes?.title),
    description: html(feed.description) ?? html(feed.itunes?.summary),
    siteUrl: str(feed.link) ?? atomLink(feed.atom?.links),
    base: null,
    items: (feed.items ?? []).map((raw, index) => {
      const item = raw as RssItemLike;
      const media = mediaImages(item.media);
      const atomEnclosures = (item.atom?.links ?? []).filter((l) => l.rel === 'enclosure');
      const allEnclosures = [...(item.enclosures ?? []), ...atomEnclosures.map((l) => ({ url: l.href, type: l.type, length: l.length }))];
      const enclosureImages = compact(allEnclosures.filter((e) => (e.type ?? '').toLowerCase().startsWith('image/')).map((e) => e.url));
      const dates = item.dc?.dates ?? [];
      const authors = [...compact(item.dc?.creators ?? []), ...compact((item.authors ?? []).map((a) => a.name ?? a.email))];
      const summary = html(item.description) ?? html(item.itunes?.summary);
      return {
        id: str(item.guid?.value),
        idIsPermaLink: str(item.guid?.value) !== null && item.guid?.isPermaLink !== false,
        url: str(item.link) ?? atomLink(item.atom?.links) ?? permalinkGuid(item.guid),
        originalUrl: originalLinks[index] ?? null,
        title: html(item.title) ?? html(item.dc?.titles?.[0]) ?? html(item.media?.title?.value) ?? html(item.itunes?.title),
        authors: authors.length ? authors : compact([item.itunes?.author]),
        summary,
        content: html(item.content?.encoded) ?? summary ?? media.description,
        published: str(item.pubDate) ?? str(dates[0]),
        updated: str(item.dcterms?.modified),
        base: null,
        images: [...media.contents, ...media.thumbnails, ...enclosureImages, ...compact([item.itunes?.image])],
        mediaImages: [...media.contents, ...media.thumbnails],
        enclosures: present(allEnclosures.map((e) => enclosure(e.url, e.type, e.length, item.itunes?.duration))),
        commentsUrl: str(item.comments),
        youtubeVideoId: null,
      };
    }),
  };
}

// FeedBurner rewrites each item's link to its click-through redirect and keeps the article's own address in
// <feedburner:origLink>, which feedsmith does not read. Only feeds that name FeedBurner's namespace pay for this
// second reading; its items are matched to feedsmith's by position, and not at all when the two count differently.
const FEEDBURNER_NS = 'http://rssnamespace.org/feedburner/ext/1.0';
const FEEDBURNER_PREFIX = /\sxmlns:([\w.-]+)\s*=\s*["']http:\/\/rssnamespace\.org\/feedburner\/ext\/1\.0\/?["']/;

/** Each item's feedburner:origLink in document order, or none when the feed has none or its items cannot be matched. */
function feedburnerOriginalLinks(xml: string, element: 'item' | 'entry', itemCount: number): (string | null)[] {
  if (!xml.includes(FEEDBURNER_NS)) return [];
  const prefix = FEEDBURNER_PREFIX.exec(xml)?.[1];
  if (!prefix) return [];
  const document = parseDocument(xml, { xmlMode: true, recognizeCDATA: true });
  const items = DomUtils.getElementsByTagName((name) => name === element || name.endsWith(`:${element}`), document.children, true);
  if (items.length !== itemCount) return [];
  return items.map((item) => {
    const origLink = item.children.find((child) => DomUtils.isTag(child) && child.name === `${prefix}:origLink`);
    return origLink ? str(DomUtils.textContent(origLink).trim()) : null;
  });
}

type AtomLike = Extract<Feedsmith, { format: 'atom' }>['feed'];
type AtomText = { value?: string; type?: string; xml?: { base?: string } } | undefined;
type AtomLinkLike = { href?: string; rel?: string; type?: string; length?: number | string };

// RFC 4287 §3.1.1: text constructs are text, html or xhtml; Atom 0.3 used MIME types (text/html,
// application/xhtml+xml, text/plain). feedsmith returns xhtml as its inner markup.
function atomText(text: AtomText): ParsedText | null {
  const value = str(text?.value);
  if (value === null) return null;
  const type = (text?.type ?? 'text').toLowerCase();
  const base = str(text?.xml?.base);
  return { value, type: type === 'text' || type === 'text/plain' ? 'text' : 'html', ...(base === null ? {} : { base }) };
}

function atomLink(links: AtomLinkLike[] | undefined): string | null {
  const alternate = links?.find((l) => (l.rel ?? 'alternate') === 'alternate' && str(l.href));
  return str(alternate?.href);
}

function fromAtom(feed: AtomLike, originalLinks: (string | null)[]): ParsedFeed {
  return {
    format: 'atom',
    title: atomText(feed.title),
    description: atomText(feed.subtitle),
    siteUrl: atomLink(feed.links),
    base: str(feed.xml?.base),
    items: (feed.entries ?? []).map((entry, index) => {
      const media = mediaImages(entry.media as MediaLike | undefined);
      const enclosureLinks = (entry.links ?? []).filter((l) => l.rel === 'enclosure');
      const enclosureImages = compact(enclosureLinks.filter((l) => (l.type ?? '').toLowerCase().startsWith('image/')).map((l) => l.href));
      const youtube = (entry as { yt?: { videoId?: string } }).yt;
      return {
        id: str(entry.id),
        idIsPermaLink: false,
        url: atomLink(entry.links),
        originalUrl: originalLinks[index] ?? null,
        title: atomText(entry.title),
        authors: compact((entry.authors ?? []).map((a) => a.name)),
        summary: atomText(entry.summary),
        content: atomText(entry.content) ?? atomText(entry.summary) ?? media.description,
        published: str(entry.published) ?? str(entry.dc?.dates?.[0]),
        updated: str(entry.updated),
        base: str(entry.xml?.base),
        images: [...media.contents, ...media.thumbnails, ...enclosureImages],
        mediaImages: [...media.contents, ...media.thumbnails],
        enclosures: present(enclosureLinks.map((l) => enclosure(l.href, l.type, l.length, null))),
        commentsUrl: null,
        youtubeVideoId: str(youtube?.videoId),
      };
    }),
  };
}

type JsonLike = Extract<Feedsmith, { format: 'json' }>['feed'];

function fromJson(feed: JsonLike): ParsedFeed {
  return {
    format: 'json',
    title: html(feed.title),
    description: html(feed.description),
    siteUrl: str(feed.home_page_url),
    base: null,
    items: (feed.items ?? []).map((item) => {
      const text = str(item.content_text);
      return {
        id: str(item.id),
        idIsPermaLink: false,
        url: str(item.url) ?? str(item.external_url),
        originalUrl: null,
        // JSON Feed 1.1 §items: title is plain text, content_text is plain text.
        title: str(item.title) === null ? null : { value: item.title as string, type: 'text' as const },
        authors: compact((item.authors ?? []).map((a) => a.name)),
        summary: str(item.summary) === null ? null : { value: item.summary as string, type: 'text' as const },
        content: html(item.content_html) ?? (text === null ? null : { value: text, type: 'text' as const }),
        published: str(item.date_published),
        updated: str(item.date_modified),
        base: null,
        images: compact([item.image, item.banner_image]),
        mediaImages: [],
        enclosures: present((item.attachments ?? []).map((a) => enclosure(a.url, a.mime_type, a.size_in_bytes, a.duration_in_seconds))),
        commentsUrl: null,
        youtubeVideoId: null,
      };
    }),
  };
}
