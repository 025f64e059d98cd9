import { decodeFeedBody } from './decode.ts';
import { COMMON_FEED_PATHS, findAdvertisedFeeds } from './discoverLinks.ts';
import { FEED_ACCEPT, fetchResource, type FetchPolicy } from './fetch.ts';
import { FeedFetchError } from './fetchError.ts';
import { loadFeed } from './loadFeed.ts';
import { normaliseFeed, type NormalisedFeed } from './normalise.ts';
import { FeedParseError, parseFeed } from './parse.ts';

/** A feed found for an address: where it is and what it calls itself. */
export type FeedCandidate = { url: string; title: string; description: string };

const PAGE_ACCEPT = `text/html, application/xhtml+xml;q=0.9, ${FEED_ACCEPT.replace('*/*;q=0.1', '*/*;q=0.05')}`;
const MAX_CANDIDATES = 8;

/**
 * Finds the feeds for an address a user typed: the address itself when it is a feed; else the feeds its HTML
 * page advertises with `<link rel="alternate">`; else the first of the usual paths (/feed, /rss, …) that
 * answers with a feed. Every request goes through the guarded fetcher. Throws FeedFetchError when the address
 * itself cannot be fetched.
 */
export async function discoverFeeds(policy: FetchPolicy, address: string): Promise<FeedCandidate[]> {
  const page = await fetchResource(address, { ...policy, accept: PAGE_ACCEPT });
  if (page.status !== 'ok') return [];
  const direct = tryParse(page.body, page.contentType, page.url);
  if (direct) return [candidate(page.url, direct)];

  const advertised = findAdvertisedFeeds(decodeFeedBody(page.body, page.contentType).text, page.url).slice(0, MAX_CANDIDATES);
  if (advertised.length > 0) {
    const checked = await Promise.all(advertised.map(async (link) => ({ link, feed: await tryLoad(policy, link.url) })));
    return checked.flatMap(({ link, feed }) => (feed ? [candidate(feed.url, feed.content, link.title)] : []));
  }

  const origin = new URL(page.url).origin;
  for (const path of COMMON_FEED_PATHS) {
    const feed = await tryLoad(policy, `${origin}${path}`);
    if (feed) return [candidate(feed.url, feed.content)];
  }
  return [];
}

function tryParse(body: Buffer, contentType: string | null, url: string): NormalisedFeed | null {
  try {
    return normaliseFeed(parseFeed(body, contentType), { fetchUrl: url, now: new Date() });
  } catch (error) {
    if (error instanceof FeedParseError) return null;
    throw error;
  }
}

async function tryLoad(policy: FetchPolicy, url: string): Promise<{ url: string; content: NormalisedFeed } | null> {
  try {
    const { fetched, feed } = await loadFeed(policy, url);
    return feed ? { url: fetched.url, content: feed } : null;
  } catch (error) {
    if (error instanceof FeedParseError || error instanceof FeedFetchError) return null;
    throw error;
  }
}

function candidate(url: string, feed: NormalisedFeed, linkTitle = ''): FeedCandidate {
  return { url, title: feed.title || linkTitle || url, description: feed.description };
}
