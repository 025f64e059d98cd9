import { fetchResource, type FetchPolicy, type FetchResult } from './fetch.ts';
import { articleGuids, normaliseFeed, type NormalisedFeed } from './normalise.ts';
import { parseFeed } from './parse.ts';

/** Which of these guids the feed's stored articles have. */
export type StoredGuids = (guids: string[]) => Promise<ReadonlySet<string>>;

/**
 * Fetches, parses and normalises the feed at `url` (no database); throws FeedFetchError or FeedParseError.
 * Given `storedGuids`, the articles it names are left out before they are sanitised (a refresh stores only new ones).
 */
export async function loadFeed(
  policy: FetchPolicy,
  url: string,
  conditional: { etag?: string | null; lastModified?: string | null } = {},
  storedGuids?: StoredGuids,
): Promise<{ fetched: FetchResult; feed: NormalisedFeed | null }> {
  const fetched = await fetchResource(url, { ...policy, ...conditional });
  if (fetched.status === 'not-modified') return { fetched, feed: null };
  const parsed = parseFeed(fetched.body, fetched.contentType);
  const base = { fetchUrl: fetched.url, contentLocation: fetched.contentLocation };
  const stored = storedGuids ? await storedGuids(articleGuids(parsed, base)) : undefined;
  return { fetched, feed: normaliseFeed(parsed, { ...base, now: new Date(), storedGuids: stored }) };
}
