// The extraction stage: an article's page → its main text, for feeds that send only an excerpt. Mozilla's
// Readability (Firefox's Reader View) on linkedom, a DOM without a browser: it runs no scripts and loads nothing.
// The result goes through the same sanitiser as feed content; the media proxy rewrites it when it is shown.
import { Readability } from '@mozilla/readability';
import { Parser } from 'htmlparser2';
import { parseHTML } from 'linkedom';
import { readPage } from './pageMetadata.ts';
import { collapseWhitespace, plainText, sanitiseHtml } from './sanitise.ts';

/** A feed's own rules for pages Readability reads wrong: the content's selector, and what to remove first. */
export type SiteRules = { contentSelector: string | null; removeSelectors: readonly string[] };

export const NO_SITE_RULES: SiteRules = { contentSelector: null, removeSelectors: [] };

/** Why a page gave no article; `message` is short and fit to show a reader. */
export type ExtractionFailureKind = 'not-html' | 'too-complex' | 'nothing-found' | 'selector-matched-nothing' | 'paywalled';

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
 * Readability weighs every element against all it holds, so its work also grows with each element's and each
 * character's depth: `weight` caps that sum (a long article's page weighs about a million; 60,000 elements at an
 * ordinary depth about 30 million, which costs Readability seconds).
 */
export const EXTRACTION_LIMITS = { deepestNesting: 400, elements: 60_000, weight: 30_000_000 } as const;

/** What an element costs Readability, in characters of text at the same depth (measured: about 50). */
const ELEMENT_WEIGHT = 50;

/** Below this many characters of text, what Readability found is a teaser or a cookie banner, not the article. */
export const MIN_ARTICLE_CHARACTERS = 250;

/**
 * Reads the main text of the page `html`, fetched from `pageUrl` (after redirects). `rules` may name the content's
 * selector (every match, in page order, is the article) and selectors whose elements are removed first. Throws
 * ExtractionError when the page is too complex or holds no article.
 */
export function extractArticle(html: string, pageUrl: string, rules: SiteRules = NO_SITE_RULES): ExtractedArticle {
  checkComplexity(html);
  const page = readPage(html, pageUrl, new Date());
  const document = parsePage(html);
  for (const cleanup of BUNDLED_CLEANUPS) cleanup(document);
  for (const selector of rules.removeSelectors) for (const element of document.querySelectorAll(selector)) element.remove();
  const raw = rules.contentSelector ? selected(document, rules.contentSelector) : readable(document);
  const content = sanitiseHtml(raw, page.baseUrl);
  const textLength = plainText(content).length;
  if (textLength < TEASER_MAX_CHARACTERS && PAYWALLED.test(html)) {
    throw new ExtractionError('paywalled', 'The page shows the article to subscribers only');
  }
  if (textLength < MIN_ARTICLE_CHARACTERS && !rules.contentSelector) {
    throw new ExtractionError('nothing-found', 'No article text was found on the page');
  }
  return { content, textLength, canonicalUrl: page.metadata.url, title: page.metadata.title };
}

/**
 * Throws 'too-complex' as soon as the markup passes one of EXTRACTION_LIMITS, stopping the parser there: its own
 * work per element grows with the nesting, so a page of a million unclosed tags would take minutes to read to the end.
 */
function checkComplexity(html: string): void {
  const { deepestNesting, elements, weight } = EXTRACTION_LIMITS;
  const seen = { depth: 0, elements: 0, weight: 0 };
  let inScript = false;
  const check = () => {
    if (seen.depth > deepestNesting) throw tooComplex(`The page’s markup is nested more than ${deepestNesting} levels deep`);
    if (seen.elements > elements) throw tooComplex(`The page has more than ${elements.toLocaleString('en')} elements`);
    if (seen.weight > weight) throw tooComplex('The page is too large and too deeply nested to read');
  };
  const parser = new Parser({
    onopentag(name) {
      seen.depth += 1;
      seen.elements += 1;
      seen.weight += seen.depth * ELEMENT_WEIGHT;
      inScript = name === 'script' || name === 'style';
      check();
    },
    // Scripts and styles are dropped before Readability reads anything, however long they are.
    ontext(text) {
      if (inScript) return;
      seen.weight += seen.depth * text.length;
      check();
    },
    onclosetag() {
      seen.depth = Math.max(0, seen.depth - 1);
      inScript = false;
    },
  });
  parser.write(html);
  parser.end();
}

function tooComplex(message: string): ExtractionError {
  return new ExtractionError('too-complex', message);
}

/**
 * The page as a document with a body. linkedom builds the tree as written, so a page that leaves out its optional
 * <html> and <body> tags (valid HTML) would get an empty body, made up when asked for, in which Readability finds nothing.
 */
function parsePage(html: string): Document {
  const { document } = parseHTML(html);
  const root = document.documentElement as Element | null;
  const hasBody = root?.tagName === 'HTML' && [...root.children].some((child) => child.tagName === 'BODY');
  return hasBody ? document : parseHTML(`<!doctype html><html><head></head><body>${html}</body></html>`).document;
}

function selected(document: Document, selector: string): string {
  // Matches come in page order; one inside the last kept is already part of it (`.post, .post .lead`).
  const matches: Element[] = [];
  for (const element of document.querySelectorAll(selector)) if (!matches.at(-1)?.contains(element)) matches.push(element);
  if (matches.length === 0 || matches.every((element) => collapseWhitespace(element.textContent ?? '') === '')) {
    throw new ExtractionError('selector-matched-nothing', `Nothing on the page matches the content selector “${selector}”`);
  }
  return matches.map((element) => element.outerHTML).join('\n');
}

// Publishers mark a paywalled article in its structured data (schema.org isAccessibleForFree, as Google asks them to).
// A hard paywall's page then holds a teaser, which would pass for the article; a metered one's holds it all.
const PAYWALLED = /"isAccessibleForFree"\s*:\s*"?false"?/i;
const TEASER_MAX_CHARACTERS = 1500;

/**
 * What well-known publishing platforms need before Readability reads their pages. Substack marks its section headings
 * `header-anchor-post`, and Readability drops anything whose class says "header" (mozilla/readability issues 821, 928).
 */
const BUNDLED_CLEANUPS: ((document: Document) => void)[] = [
  (document) => {
    for (const heading of document.querySelectorAll('.header-anchor-post')) heading.classList.remove('header-anchor-post');
  },
];

function readable(document: Document): string {
  // Readability resolves relative addresses against the document's; linkedom's has none, so they stay relative
  // and the sanitiser resolves them against the page's base.
  // No maxElemsToParse: checkComplexity counted the elements, and Readability's count would include the <html>,
  // <head> and <body> that parsePage may add, throwing a plain Error on a page just under the limit.
  const article = new Readability(document, { charThreshold: MIN_ARTICLE_CHARACTERS }).parse();
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
