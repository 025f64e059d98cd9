import { fetchResource, type FetchPolicy, type FetchResult } from './fetch.ts';
import { normaliseFeed, type NormalisedFeed } from './normalise.ts';
import { parseFeed } from './parse.ts';

/** Fetches, parses and normalises the feed at `url` (no database); throws FeedFetchError or FeedParseError. */
export async function loadFeed(
  policy: FetchPolicy,
  url: string,
  conditional: { etag?: string | null; lastModified?: string | null } = {},
): Promise<{ fetched: FetchResult; feed: NormalisedFeed | null }> {
  const fetched = await fetchResource(url, { ...policy, ...conditional });
  if (fetched.status === 'not-modified') return { fetched, feed: null };
  const parsed = parseFeed(fetched.body, fetched.contentType);
  return { fetched, feed: normaliseFeed(parsed, { fetchUrl: fetched.url, contentLocation: fetched.contentLocation, now: new Date() }) };
}
