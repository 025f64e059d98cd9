import { decodeHtmlBody } from './decode.ts';
import { fetchResource, type FetchPolicy } from './fetch.ts';
import { isHtmlResponse, readPageMetadata, type PageMetadata } from './pageMetadata.ts';

export const PAGE_ACCEPT = 'text/html, application/xhtml+xml;q=0.9, */*;q=0.1';

export type LoadedPage = { status: 'page'; page: PageMetadata } | { status: 'not-html'; contentType: string | null };

/** Fetches the page at `url` through the guarded fetcher and reads its metadata (no database); throws FeedFetchError. */
export async function loadPage(policy: FetchPolicy, url: string, now = new Date()): Promise<LoadedPage> {
  const fetched = await fetchResource(url, { ...policy, accept: PAGE_ACCEPT });
  // Not asked conditionally, so never 'not-modified'; the type still has to be narrowed.
  if (fetched.status !== 'ok' || !isHtmlResponse(fetched.contentType, fetched.body)) {
    return { status: 'not-html', contentType: fetched.status === 'ok' ? fetched.contentType : null };
  }
  const html = decodeHtmlBody(fetched.body, fetched.contentType).text;
  return { status: 'page', page: readPageMetadata(html, fetched.url, now) };
}
