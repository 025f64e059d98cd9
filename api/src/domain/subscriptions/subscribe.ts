import { Prisma } from '../../generated/prisma/client.ts';
import { discoverFeeds } from '../../ingest/discover.ts';
import type { FetchPolicy, FetchResult } from '../../ingest/fetch.ts';
import { FeedFetchError, isUnreachable } from '../../ingest/fetchError.ts';
import { loadFeed } from '../../ingest/loadFeed.ts';
import type { NormalisedFeed } from '../../ingest/normalise.ts';
import { FeedParseError } from '../../ingest/parse.ts';
import { ConflictError, InvalidInputError, parseInput } from '../core/errors.ts';
import type { Services, Viewer } from '../core/services.ts';
import { announceUnreadChanged } from '../articles/unreadCounts.ts';
import { assertSubscriptionRoom, startSubscription, type SubscriptionWithFeed } from './subscriptions.ts';
import { feedRowAfterFetch } from '../refresh/feedRows.ts';
import { folderNamed } from './folders.ts';
import { feedUrlInput, overPlainHttp } from '../core/feedUrl.ts';
import { feedFetchPolicy } from '../core/hostSlots.ts';
import { storeNewArticles } from '../refresh/storeArticles.ts';

export const ALREADY_SUBSCRIBED = 'Already subscribed to this feed';

/**
 * Subscribes the viewer to the feed at an address. A feed already stored (another subscriber's) is reused; a
 * new one is fetched right away so its articles appear, and a page address goes through discovery first; an address
 * typed without a scheme that cannot be reached over https:// is tried over http://.
 * `folder` (OPML import) names the viewer's folder the subscription goes into: made with the subscription, in its
 * transaction, when the viewer has none of that name, so a subscription refused (already followed, over the cap)
 * leaves no empty folder behind.
 */
export async function subscribe(
  services: Services,
  viewer: Viewer,
  input: unknown,
  { folder = null }: { folder?: string | null } = {},
): Promise<{ subscription: SubscriptionWithFeed; articlesAdded: number }> {
  const { url } = parseInput(feedUrlInput, input);
  await assertSubscriptionRoom(services.db, services, viewer.id);
  const known = await services.db.feed.findUnique({ where: { url } });
  if (known) return { subscription: await addSubscription(services, viewer, known.id, folder), articlesAdded: 0 };

  const { feedUrl, fetched, feed } = await fetchNewFeed(feedFetchPolicy(services), url, overPlainHttp(input, url));
  const publishedAt = feed.articles.map((article) => article.publishedAt);
  const stored = await services.db.feed.upsert({
    where: { url: feedUrl },
    update: {},
    create: { url: feedUrl, ...feedRowAfterFetch(new Date(), fetched, feed, publishedAt) },
  });
  const { publishedAt: added } = await storeNewArticles(services.db, stored.id, feed.articles);
  return { subscription: await addSubscription(services, viewer, stored.id, folder), articlesAdded: added.length };
}

async function fetchNewFeed(policy: FetchPolicy, url: string, overHttp: string | null): ReturnType<typeof fetchAsFeed> {
  try {
    return await fetchAsFeed(policy, url);
  } catch (error) {
    if (overHttp && isUnreachable(error)) return fetchNewFeed(policy, overHttp, null);
    if (!(error instanceof FeedParseError)) throw asUserError(error);
  }
  // Not a feed: the address of a page that may advertise one.
  const [found] = await discoverFeeds(policy, url).catch((error: unknown) => {
    throw asUserError(error);
  });
  if (!found) throw new InvalidInputError('No RSS feeds found at this URL');
  return fetchAsFeed(policy, found.url).catch((error: unknown) => {
    throw asUserError(error);
  });
}

async function fetchAsFeed(policy: FetchPolicy, url: string): Promise<{ feedUrl: string; fetched: FetchResult; feed: NormalisedFeed }> {
  const { fetched, feed } = await loadFeed(policy, url);
  if (fetched.status !== 'ok' || !feed) throw new FeedParseError('The feed answered without content');
  return { feedUrl: fetched.permanentUrl ?? url, fetched, feed };
}

function asUserError(error: unknown): unknown {
  if (error instanceof FeedFetchError || error instanceof FeedParseError) return new InvalidInputError(error.message);
  return error;
}

async function addSubscription(services: Services, viewer: Viewer, feedId: string, folder: string | null): Promise<SubscriptionWithFeed> {
  try {
    const subscription = await services.db.$transaction(async (tx) => {
      await assertSubscriptionRoom(tx, services, viewer.id);
      const folderId = folder === null ? null : await folderNamed(tx, viewer.id, folder);
      return startSubscription(tx, { userId: viewer.id, feedId, folderId });
    });
    await announceUnreadChanged(services, [viewer.id], { feedIds: [feedId] }, 'subscribed');
    return subscription;
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw new ConflictError(ALREADY_SUBSCRIBED);
    throw error;
  }
}
