import { decodeHtmlBody } from './decode.ts';
import { extractArticle, ExtractionError, type ExtractedArticle, type SiteRules } from './extractArticle.ts';
import { fetchResource, type FetchPolicy } from './fetch.ts';
import { PAGE_ACCEPT } from './loadPage.ts';
import { isHtmlResponse } from './pageMetadata.ts';

/** An article's page may be larger than a feed, but not without end: 5 MB of HTML, decoded. */
export const ARTICLE_PAGE_MAX_BYTES = 5 * 1024 * 1024;

/** The article read from its page, and the address it was read from after redirects. */
export type LoadedArticleText = ExtractedArticle & { sourceUrl: string };

/**
 * Fetches the article's page at `url` through the guarded fetcher (its address rules, the host's slots, the time and
 * size limits) and reads its main text. Throws FeedFetchError for the fetch, ExtractionError for the page.
 */
export async function loadArticleText(policy: FetchPolicy, url: string, rules?: SiteRules): Promise<LoadedArticleText> {
  const fetched = await fetchResource(url, { ...policy, accept: PAGE_ACCEPT, maxBytes: ARTICLE_PAGE_MAX_BYTES });
  // Not asked conditionally, so never 'not-modified'; the type still has to be narrowed.
  if (fetched.status !== 'ok' || !isHtmlResponse(fetched.contentType, fetched.body)) {
    const type = fetched.status === 'ok' ? (fetched.contentType?.split(';')[0]?.trim() ?? '') : '';
    throw new ExtractionError(
      'not-html',
      type ? `The article’s address gives ${type.slice(0, 60)}, not a web page` : 'The article’s address gives no web page',
    );
  }
  const html = decodeHtmlBody(fetched.body, fetched.contentType).text;
  return { ...extractArticle(html, fetched.url, rules), sourceUrl: fetched.url };
}
