// The page stage: what an HTML page says about itself (Open Graph, Twitter cards, plain meta tags), read with the
// same HTML parser as discovery and turned into an article ready to store, for pages shared from the web.
import { Parser } from 'htmlparser2';
import { escapeHtml } from './escapeHtml.ts';
import { articleGuid, EXCERPT_LENGTH, parseFeedDate, truncateText } from './normalise.ts';
import { collapseWhitespace, parsablePart, safeHttpUrl, sanitiseHtml } from './sanitise.ts';

/** What a page says about itself, every text plain, trimmed and capped, every URL absolute http(s). */
export type PageMetadata = {
  title: string;
  siteName: string;
  description: string;
  imageUrl: string | null;
  /** The page's canonical address when it names one on its own site, else the address it was fetched from. */
  url: string;
  publishedAt: Date;
};

export const PAGE_TITLE_MAX = 300;
export const PAGE_SITE_NAME_MAX = 100;
export const PAGE_DESCRIPTION_MAX = 1000;
const PAGE_URL_MAX = 2048;

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/**
 * Whether a response is an HTML page: its Content-Type says so, or it names none and the body starts like HTML
 * (a byte order mark and white space aside).
 */
export function isHtmlResponse(contentType: string | null, body: Buffer): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type) return HTML_TYPES.has(type);
  const head = body
    .subarray(0, 512)
    .toString('latin1')
    .replace(/^\u00ef\u00bb\u00bf/, '')
    .trimStart()
    .toLowerCase();
  return head.startsWith('<!doctype html') || head.startsWith('<html');
}

/** Reads a page's metadata; `pageUrl` is the address it was fetched from (after redirects), `now` the fetch time. */
export function readPageMetadata(html: string, pageUrl: string, now: Date): PageMetadata {
  return readPage(html, pageUrl, now).metadata;
}

/** A page's metadata and, from the same pass, the address its relative links resolve against (<base href>, else `pageUrl`). */
export type PageReading = { metadata: PageMetadata; baseUrl: string };

/** Reads a page's metadata and base address in one pass of the HTML parser. */
export function readPage(html: string, pageUrl: string, now: Date): PageReading {
  const tags = collectTags(html, pageUrl);
  return { metadata: metadataOf(tags, pageUrl, now), baseUrl: tags.base };
}

function metadataOf(tags: PageTags, pageUrl: string, now: Date): PageMetadata {
  const first = (...names: string[]) => names.map((name) => tags.meta.get(name)).find(Boolean) ?? '';
  const url = canonicalUrl([first('og:url'), tags.canonical], tags.base, pageUrl);
  const published = parseFeedDate(first('article:published_time'));
  return {
    title: capped(first('og:title', 'twitter:title') || tags.title, PAGE_TITLE_MAX) || capped(url, PAGE_TITLE_MAX),
    siteName: capped(first('og:site_name'), PAGE_SITE_NAME_MAX) || new URL(url).host,
    description: capped(first('og:description', 'description', 'twitter:description'), PAGE_DESCRIPTION_MAX),
    imageUrl: imageUrl([first('og:image', 'og:image:url', 'og:image:secure_url'), first('twitter:image', 'twitter:image:src')], tags.base),
    url,
    publishedAt: published && published <= now ? published : now,
  };
}

/** The article a shared page is stored as: its description as the content, author unknown, guid its address. */
export function pageArticle(page: PageMetadata) {
  const content = page.description ? sanitiseHtml(`<p>${escapeHtml(page.description)}</p>`, page.url) : '';
  return {
    guid: pageGuid(page.url),
    url: page.url,
    title: page.title,
    siteName: page.siteName,
    author: null,
    excerpt: truncateText(page.description, EXCERPT_LENGTH),
    content,
    imageUrl: page.imageUrl,
    publishedAt: page.publishedAt,
  };
}

/** The guid a page at `url` is stored under, the way feeds store an article known only by its link. */
export function pageGuid(url: string): string {
  return articleGuid({ id: null, title: null, content: null, summary: null }, url);
}

type PageTags = { meta: Map<string, string>; title: string; canonical: string; base: string };

/**
 * The first value of every meta name/property, the first <title>, rel=canonical and <base href>, in one pass (of the
 * head alone, for a page nested too deeply to parse whole: parsablePart).
 */
function collectTags(html: string, pageUrl: string): PageTags {
  const tags: PageTags = { meta: new Map(), title: '', canonical: '', base: pageUrl };
  let titleDepth = 0;
  let titleDone = false;
  let inSvg = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'svg') inSvg += 1;
        if (name === 'title' && !titleDone && inSvg === 0) titleDepth += 1;
        if (name === 'base' && attributes.href && tags.base === pageUrl) tags.base = safeHttpUrl(attributes.href, pageUrl) ?? pageUrl;
        if (name === 'link' && !tags.canonical && relList(attributes.rel).includes('canonical')) tags.canonical = attributes.href ?? '';
        if (name !== 'meta') return;
        // Open Graph uses `property`, Twitter and plain meta tags `name`; pages mix them up.
        const key = (attributes.property ?? attributes.name ?? '').trim().toLowerCase();
        const value = collapseWhitespace(attributes.content ?? '');
        if (key && value && !tags.meta.has(key)) tags.meta.set(key, value);
      },
      ontext(text) {
        if (titleDepth > 0) tags.title += text;
      },
      onclosetag(name) {
        if (name === 'svg') inSvg = Math.max(0, inSvg - 1);
        if (name === 'title' && titleDepth > 0) {
          titleDepth = 0;
          titleDone = true;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(parsablePart(html));
  parser.end();
  return { ...tags, title: collapseWhitespace(tags.title) };
}

function relList(rel: string | undefined): string[] {
  return (rel ?? '').toLowerCase().split(/\s+/);
}

function capped(text: string, max: number): string {
  return truncateText(collapseWhitespace(text), max);
}

/** The first candidate on the page's own site (http and https, with or without www.), else the fetched address. */
function canonicalUrl(candidates: string[], base: string, pageUrl: string): string {
  const site = siteOf(new URL(pageUrl));
  for (const candidate of candidates) {
    const url = safeHttpUrl(candidate, base);
    if (url && url.length <= PAGE_URL_MAX && siteOf(new URL(url)) === site) return withoutHash(url);
  }
  return withoutHash(pageUrl);
}

function siteOf(url: URL): string {
  return url.hostname.replace(/^www\./, '');
}

function withoutHash(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
}

function imageUrl(candidates: string[], base: string): string | null {
  for (const candidate of candidates) {
    const url = safeHttpUrl(candidate, base);
    if (url) return url;
  }
  return null;
}
