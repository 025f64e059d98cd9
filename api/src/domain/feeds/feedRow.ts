import type { FetchResult } from '../../feeds/fetch.ts';
import type { NormalisedFeed } from '../../feeds/normalise.ts';
import { nextFetchAfterSuccess } from '../../feeds/schedule.ts';

/**
 * A feed row's fields after a successful fetch, for the refresh that updates the row and the subscription that
 * creates it: no error, the next fetch paced by `recentPublishedAt`, a 200's validators for the next conditional
 * GET (a 304 keeps the stored ones) and what the feed says about itself whenever it was read.
 */
export function feedRowAfterFetch(now: Date, fetched: FetchResult, content: NormalisedFeed | null, recentPublishedAt: Date[]) {
  return {
    fetchError: null,
    errorCount: 0,
    retryAfterUntil: null,
    lastFetchedAt: now,
    lastSuccessAt: now,
    nextFetchAt: nextFetchAfterSuccess(now, recentPublishedAt),
    ...(fetched.status === 'ok' ? { etag: fetched.etag, lastModified: fetched.lastModified } : {}),
    ...(content ? { title: content.title, description: content.description, siteUrl: content.siteUrl } : {}),
  };
}
