// The normalise stage: a ParsedFeed as the document wrote it → what Tidings stores. URLs absolute, dates
// real instants, identities stable across fetches, text plain, article HTML sanitised.
import { createHash } from 'node:crypto';
import { escapeHtml } from './escapeHtml.ts';
import { withoutBoilerplate } from './boilerplate.ts';
import type { ParsedFeed, ParsedItem, ParsedText } from './parse.ts';
import { publicFeedAddress } from './publicAddress.ts';
import { collapseWhitespace, GALLERY_CLASS, plainText, safeHttpUrl, sanitiseHtml } from './sanitise.ts';

/** An audio or video file of an article (a podcast episode), its URL absolute http(s). */
export interface Enclosure {
  url: string;
  type: string;
  /** Bytes, as the feed declared them. */
  length: number | null;
  durationSeconds: number | null;
}

/** One article ready to store: every URL absolute http(s), `content` sanitised, text fields plain. */
export interface NormalisedArticle {
  guid: string;
  /** The feed declares `guid` the article's permanent address (an RSS guid without isPermaLink="false"). */
  guidIsPermaLink: boolean;
  url: string | null;
  /** The article's own address when `url` is a FeedBurner redirect (feedburner:origLink), absolute http(s). */
  originalUrl: string | null;
  title: string;
  author: string | null;
  excerpt: string;
  content: string;
  /** The content's readable text (plainText), read once for the excerpt, story matching and the excerpt check. */
  contentText: string;
  imageUrl: string | null;
  enclosures: Enclosure[];
  /** The page where the article is discussed (RSS <comments>). */
  commentsUrl: string | null;
  publishedAt: Date;
  /** False when the feed gave no usable date and `publishedAt` is the fetch time (keep the first one on re-fetch). */
  dated: boolean;
}

/** A feed ready to store: plain-text title/description, absolute site URL, articles in feed order without duplicate guids. */
export interface NormalisedFeed {
  title: string;
  description: string;
  siteUrl: string | null;
  articles: NormalisedArticle[];
}

export interface NormaliseOptions {
  /** The URL the body was fetched from (after redirects): the last resort for resolving relative URLs. */
  fetchUrl: string;
  /** The response's Content-Location header: the document's own address, its base before any xml:base (RFC 9110 §8.7). */
  contentLocation?: string | null;
  /** The fetch time: the date of undated articles and the ceiling for dates in the future. */
  now: Date;
  /**
   * The guids of the items the feed already has: they are left out before any sanitising, as storing would skip
   * them anyway (a changed feed mostly repeats what it had, and a feed without validators repeats all of it).
   */
  storedGuids?: ReadonlySet<string>;
}

export const EXCERPT_LENGTH = 200;
const TITLE_FALLBACK_LENGTH = 80;
const MAX_GUID_LENGTH = 512;
const FUTURE_TOLERANCE_MS = 24 * 60 * 60 * 1000;

/** Normalises a parsed feed: resolves URLs (xml:base > feed link > Content-Location > fetch URL), parses and clamps dates, assigns stable guids, sanitises content. */
export function normaliseFeed(parsed: ParsedFeed, options: NormaliseOptions): NormalisedFeed {
  const { siteUrl, items } = identifyItems(parsed, options);
  const articles: NormalisedArticle[] = [];
  for (const { item, base, url, guid } of items) {
    if (!options.storedGuids?.has(guid)) articles.push(normaliseItem(item, base, url, guid, options.now));
  }
  const title = textOf(parsed.title) || (siteUrl ? hostOf(siteUrl) : '') || hostOf(options.fetchUrl);
  return { title, description: textOf(parsed.description), siteUrl, articles };
}

/** The guids the feed's articles will have, in feed order without duplicates: what to ask the store about first. */
export function articleGuids(parsed: ParsedFeed, options: Pick<NormaliseOptions, 'fetchUrl' | 'contentLocation'>): string[] {
  return identifyItems(parsed, options).items.map(({ guid }) => guid);
}

type IdentifiedItem = { item: ParsedItem; base: string; url: string | null; guid: string };

/** Each item's base, absolute link and guid (cheap: no HTML is read), the first occurrence of a guid only. */
function identifyItems(
  parsed: ParsedFeed,
  { fetchUrl, contentLocation }: Pick<NormaliseOptions, 'fetchUrl' | 'contentLocation'>,
): { siteUrl: string | null; items: IdentifiedItem[] } {
  // Never the fetch address as given: its user-info or query may be the subscriber's secret.
  const fetched = publicFeedAddress(fetchUrl) || fetchUrl;
  const location = resolve(contentLocation ?? null, fetched) ?? fetched;
  const documentBase = resolve(parsed.base, location) ?? location;
  const siteUrl = safeHttpUrl(parsed.siteUrl, documentBase);
  // Relative item URLs in RSS/JSON are read against the site link (what a browser on the site would do);
  // Atom's xml:base, when present, wins (RFC 4287 §2, XML Base).
  const feedBase = parsed.base ? documentBase : (siteUrl ?? documentBase);
  const seen = new Set<string>();
  const items: IdentifiedItem[] = [];
  for (const item of parsed.items) {
    const base = resolve(item.base, feedBase) ?? feedBase;
    const url = safeHttpUrl(item.url, base);
    const guid = articleGuid(item, url);
    if (seen.has(guid)) continue; // the first occurrence wins, as a re-fetch would keep it
    seen.add(guid);
    items.push({ item, base, url, guid });
  }
  return { siteUrl, items };
}

function normaliseItem(item: ParsedItem, base: string, url: string | null, guid: string, now: Date): NormalisedArticle {
  const body = item.content ?? item.summary;
  const html = body ? asHtml(body) : '';
  const commentsUrl = safeHttpUrl(item.commentsUrl, base);
  // An Atom content or summary element may carry its own xml:base, below the entry's.
  const text = withoutCommentsLink(sanitiseHtml(html, resolve(body?.base ?? null, base) ?? base), commentsUrl);
  const content = `${youtubeEmbed(item)}${text}${gallery(item, base, text)}`;
  const contentText = plainText(text);
  // A summary that is the body was just read as the content's text: not parsed a second time.
  const summaryText = !item.summary ? '' : body === item.summary ? contentText : textOf(item.summary);
  const title = textOf(item.title) || truncateText(summaryText || contentText, TITLE_FALLBACK_LENGTH) || url || 'Untitled';
  const date = parseFeedDate(item.published) ?? parseFeedDate(item.updated);
  const publishedAt = date === null ? now : clampToNow(date, now);
  return {
    guid,
    // A guid too long to keep is stored as its hash, which is no address.
    guidIsPermaLink: item.idIsPermaLink && guid === item.id?.trim(),
    url,
    originalUrl: safeHttpUrl(item.originalUrl, base),
    title,
    // Author names are text in every format (Atom <name>, dc:creator, JSON author.name): never markup.
    author: [...new Set(item.authors.map(collapseWhitespace).filter(Boolean))].join(', ') || null,
    excerpt: truncateText(withoutBoilerplate(summaryText) || withoutBoilerplate(contentText), EXCERPT_LENGTH),
    content,
    contentText,
    imageUrl: articleImage(item, base, content),
    enclosures: enclosures(item, base),
    commentsUrl,
    publishedAt,
    dated: date !== null,
  };
}

/** Returns the article's identity: its guid/id, else its absolute link, else `sha256:` of title and content — the same for the same item every time. */
export function articleGuid(item: Pick<ParsedItem, 'id' | 'title' | 'content' | 'summary'>, absoluteUrl: string | null): string {
  const id = item.id?.trim();
  if (id) return id.length > MAX_GUID_LENGTH ? `sha256:${sha256(id)}` : id;
  if (absoluteUrl) return absoluteUrl.length > MAX_GUID_LENGTH ? `sha256:${sha256(absoluteUrl)}` : absoluteUrl;
  const body = item.content?.value ?? item.summary?.value ?? '';
  return `sha256:${sha256(`${item.title?.value ?? ''}\n${body}`)}`;
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

// The reader names an item's <comments> page itself ("Comments on {site}"): a paragraph that is only a "Comments"
// link to that page is dropped rather than shown twice.
function withoutCommentsLink(sanitised: string, commentsUrl: string | null): string {
  if (!commentsUrl) return sanitised;
  const href = escapeHtml(commentsUrl).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return sanitised.replace(new RegExp(`\\s*<p><a href="${href}"[^>]*>Comments</a></p>`, 'i'), '');
}

// A YouTube channel feed's entry is a video: it is shown as a privacy-enhanced embed above its description.
const YOUTUBE_ID = /^[\w-]{6,20}$/;

function youtubeEmbed(item: ParsedItem): string {
  const id = item.youtubeVideoId;
  if (!id || !YOUTUBE_ID.test(id)) return '';
  const title = escapeHtml(item.title ? textOf(item.title) : 'Video');
  return sanitiseHtml(
    `<iframe src="https://www.youtube-nocookie.com/embed/${id}" title="${title}" width="560" height="315"></iframe>`,
    null,
  );
}

// A photo post (Mastodon, Flickr) carries its pictures as media:content, not in its text: those the text does not
// show already are added under it. A video's thumbnail is not a picture of its own.
function gallery(item: ParsedItem, base: string, sanitisedText: string): string {
  if (item.youtubeVideoId) return '';
  const missing = [...new Set(item.mediaImages.map((image) => safeHttpUrl(image, base)))].filter(
    (url): url is string => url !== null && !sanitisedText.includes(escapeHtml(url)),
  );
  if (missing.length === 0) return '';
  const images = missing.map((url) => `<img src="${escapeHtml(url)}" alt="">`).join('');
  return sanitiseHtml(`<figure class="${GALLERY_CLASS}">${images}</figure>`, null);
}

function enclosures(item: ParsedItem, base: string): Enclosure[] {
  const byUrl = new Map<string, Enclosure>();
  for (const enclosure of item.enclosures) {
    const url = safeHttpUrl(enclosure.url, base);
    if (url && !byUrl.has(url)) byUrl.set(url, { ...enclosure, url });
  }
  return [...byUrl.values()];
}

function articleImage(item: ParsedItem, base: string, sanitisedContent: string): string | null {
  for (const candidate of item.images) {
    const url = safeHttpUrl(candidate, base);
    if (url) return url;
  }
  // The sanitised content already holds only absolute http(s) image URLs.
  const img = /<img\b[^>]*?\ssrc="([^"]+)"/i.exec(sanitisedContent);
  return img?.[1] ? decodeAttribute(img[1]) : null;
}

function decodeAttribute(value: string): string {
  return value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

function asHtml(text: ParsedText): string {
  if (text.type === 'html') return text.value;
  return text.value
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${linkify(escapeHtml(paragraph)).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

// Plain-text bodies (a YouTube description, JSON Feed content_text) name their links as bare addresses.
function linkify(escapedText: string): string {
  return escapedText.replace(/\bhttps?:\/\/[^\s<>"]+?(?=[.,;:!?)\]]*(?:\s|$))/g, (url) => `<a href="${url}">${url}</a>`);
}

function textOf(text: ParsedText | null): string {
  if (!text) return '';
  return text.type === 'text' ? collapseWhitespace(text.value) : plainText(text.value);
}

/** Returns at most about `max` characters of `text`, cut at a word boundary with an ellipsis when shortened. */
export function truncateText(text: string, max: number): string {
  // Counted in code points; only the first max + 1 are split out (an article's whole text would cost more than its excerpt).
  const chars = Array.from(text.slice(0, 2 * max + 2));
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max).join('');
  const boundary = cut.lastIndexOf(' ');
  return `${(boundary > max * 0.6 ? cut.slice(0, boundary) : cut).replace(/[\s,;:.\-–—]+$/u, '')}…`;
}

function resolve(url: string | null, base: string): string | null {
  if (!url) return null;
  try {
    return new URL(url.trim(), base).href;
  } catch {
    return null;
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

function clampToNow(date: Date, now: Date): Date {
  return date.getTime() - now.getTime() > FUTURE_TOLERANCE_MS ? now : date;
}

// ----- dates -----------------------------------------------------------------------------------------

const MONTHS: Record<string, number> = { jan: 0, feb: 1, mar: 2, apr: 3, may: 4, jun: 5, jul: 6, aug: 7, sep: 8, oct: 9, nov: 10, dec: 11 };

// RFC 822 §5.1 zones plus the abbreviations feeds actually use; offsets in minutes east of UTC.
const ZONES: Record<string, number> = {
  UT: 0,
  UTC: 0,
  GMT: 0,
  Z: 0,
  WET: 0,
  EST: -300,
  EDT: -240,
  CST: -360,
  CDT: -300,
  MST: -420,
  MDT: -360,
  PST: -480,
  PDT: -420,
  AKST: -540,
  AKDT: -480,
  HST: -600,
  AST: -240,
  ADT: -180,
  NST: -210,
  NDT: -150,
  BST: 60,
  CET: 60,
  CEST: 120,
  MET: 60,
  MEST: 120,
  EET: 120,
  EEST: 180,
  WEST: 60,
  MSK: 180,
  IST: 330,
  SGT: 480,
  HKT: 480,
  JST: 540,
  KST: 540,
  AEST: 600,
  AEDT: 660,
  ACST: 570,
  AWST: 480,
  NZST: 720,
  NZDT: 780,
};

function offsetMinutes(zone: string | undefined): number {
  if (!zone) return 0; // no zone: read as UTC, the only reading that does not depend on the server
  const numeric = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (numeric) return (numeric[1] === '-' ? -1 : 1) * (Number(numeric[2]) * 60 + Number(numeric[3]));
  return ZONES[zone.toUpperCase()] ?? 0;
}

function fullYear(year: string): number {
  const y = Number(year);
  if (year.length > 2) return y;
  return y < 50 ? 2000 + y : 1900 + y; // RFC 2822 §4.3
}

function utc(y: number, mo: number, d: number, h: number, mi: number, s: number, offset: number): Date | null {
  if (mo < 0 || mo > 11 || d < 1 || d > 31 || h > 24 || mi > 59 || s > 60) return null;
  const time = Date.UTC(y, mo, d, h, mi, s) - offset * 60_000;
  return Number.isFinite(time) ? new Date(time) : null;
}

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T\s]+(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2}|[A-Za-z]{1,5})?$/i;
const RFC822 =
  /^(?:[A-Za-z]+,?\s*)?(\d{1,2})[\s-]+([A-Za-z]{3,})\.?[\s-]+(\d{2,4})(?:[\sT]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?\s*(?:\(?([A-Za-z]{1,5}|[+-]\d{2}:?\d{2})\)?)?/;

/** Parses RFC 822/2822, ISO 8601 and common broken forms (no zone = UTC, 2-digit years, named zones); null when nothing sensible is found. */
export function parseFeedDate(raw: string | null | undefined): Date | null {
  const text = raw?.trim();
  if (!text) return null;
  const iso = ISO.exec(text);
  if (iso) {
    const [, y, mo, d, h, mi, s, zone] = iso;
    return utc(Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0), offsetMinutes(zone));
  }
  const rfc = RFC822.exec(text);
  if (rfc) {
    const [, d, monthName, y, h, mi, s, zone] = rfc;
    const month = MONTHS[(monthName ?? '').slice(0, 3).toLowerCase()];
    if (month !== undefined) {
      return utc(fullYear(y ?? ''), month, Number(d), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0), offsetMinutes(zone));
    }
  }
  // Last resort for the odd forms V8 understands ("October 2, 2002", "2002/10/02 13:00 +0000").
  if (!/\d{4}/.test(text)) return null;
  const fallback = Date.parse(text);
  return Number.isFinite(fallback) ? new Date(fallback) : null;
}
