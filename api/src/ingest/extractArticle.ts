// The extraction stage: an article's page → its main text, for feeds that send only an excerpt. Mozilla's
// Readability (Firefox's Reader View) on linkedom, a DOM without a browser: it runs no scripts and loads nothing.
// The result goes through the same sanitiser as feed content; the media proxy rewrites it when it is shown.
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { readPage } from './pageMetadata.ts';
import { collapseWhitespace, plainText, sanitiseHtml } from './sanitise.ts';

/** A feed's own rules for pages Readability reads wrong: the content's selector, and what to remove first. */
export type SiteRules = { contentSelector: string | null; removeSelectors: readonly string[] };

export const NO_SITE_RULES: SiteRules = { contentSelector: null, removeSelectors: [] };

/** Why a page gave no article; `message` is short and fit to show a reader. */
export type ExtractionFailureKind = 'not-html' | 'too-complex' | 'nothing-found' | 'selector-matched-nothing';

export class ExtractionError extends Error {
  override readonly name = 'ExtractionError';
  constructor(
    readonly kind: ExtractionFailureKind,
    message: string,
  ) {
    super(message);
  }
}

/** The article read from a page: sanitised HTML, its plain text's length, and the page's canonical address. */
export type ExtractedArticle = { content: string; textLength: number; canonicalUrl: string; title: string };

/**
 * Limits on the markup Readability is given: deeper nesting than browsers render sensibly is an attack on the
 * recursive parts of any DOM code, and a page of more elements than any article needs costs seconds of CPU.
 */
export const EXTRACTION_LIMITS = { deepestNesting: 400, elements: 60_000 } as const;

/** Below this many characters of text, what Readability found is a teaser or a cookie banner, not the article. */
export const MIN_ARTICLE_CHARACTERS = 250;

/**
 * Reads the main text of the page `html`, fetched from `pageUrl` (after redirects). `rules` may name the content's
 * selector (every match, in page order, is the article) and selectors whose elements are removed first. Throws
 * ExtractionError when the page is too complex or holds no article.
 */
export function extractArticle(html: string, pageUrl: string, rules: SiteRules = NO_SITE_RULES): ExtractedArticle {
  const page = readPage(html, pageUrl, new Date());
  if (page.deepestNesting > EXTRACTION_LIMITS.deepestNesting) {
    throw new ExtractionError('too-complex', `The page’s markup is nested more than ${EXTRACTION_LIMITS.deepestNesting} levels deep`);
  }
  if (page.elementCount > EXTRACTION_LIMITS.elements) {
    throw new ExtractionError('too-complex', `The page has more than ${EXTRACTION_LIMITS.elements.toLocaleString('en')} elements`);
  }
  const { document } = parseHTML(html);
  for (const selector of rules.removeSelectors) for (const element of document.querySelectorAll(selector)) element.remove();
  const raw = rules.contentSelector ? selected(document, rules.contentSelector) : readable(document);
  const content = sanitiseHtml(raw, page.baseUrl);
  const textLength = plainText(content).length;
  if (textLength < MIN_ARTICLE_CHARACTERS && !rules.contentSelector) {
    throw new ExtractionError('nothing-found', 'No article text was found on the page');
  }
  return { content, textLength, canonicalUrl: page.metadata.url, title: page.metadata.title };
}

function selected(document: Document, selector: string): string {
  const matches = [...document.querySelectorAll(selector)];
  if (matches.length === 0 || matches.every((element) => collapseWhitespace(element.textContent ?? '') === '')) {
    throw new ExtractionError('selector-matched-nothing', `Nothing on the page matches the content selector “${selector}”`);
  }
  return matches.map((element) => element.outerHTML).join('\n');
}

function readable(document: Document): string {
  // Readability resolves relative addresses against the document's; linkedom's has none, so they stay relative
  // and the sanitiser resolves them against the page's base.
  const article = new Readability(document, { maxElemsToParse: EXTRACTION_LIMITS.elements, charThreshold: MIN_ARTICLE_CHARACTERS }).parse();
  if (!article?.content) throw new ExtractionError('nothing-found', 'No article text was found on the page');
  return article.content;
}

const EMPTY_PAGE = parseHTML('<!doctype html><html><body></body></html>').document;

/** Why `selector` is not a CSS selector the extraction can use, in words; null when it is one. */
export function selectorProblem(selector: string): string | null {
  try {
    EMPTY_PAGE.querySelectorAll(selector);
    return /[>+~,]\s*$/.test(selector) ? `“${selector}” ends in a combinator` : null;
  } catch (error) {
    return `“${selector}” is not a CSS selector: ${(error as Error).message}`;
  }
}
