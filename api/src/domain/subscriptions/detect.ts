import { discoverFeeds, type FeedCandidate } from '../../ingest/discover.ts';
import { FeedFetchError, isUnreachable } from '../../ingest/fetchError.ts';
import { InvalidInputError, parseInput } from '../core/errors.ts';
import type { Services, Viewer } from '../core/services.ts';
import { feedUrlInput, overPlainHttp } from '../core/feedUrl.ts';
import { feedFetchPolicy } from '../core/hostSlots.ts';

/** A feed found at an address, and whether the viewer already subscribes to it (so it is not offered again). */
export type DetectedFeed = FeedCandidate & { subscribed: boolean };

/**
 * The feeds found at an address (the address itself, advertised feeds, or usual paths); empty when none. An address
 * typed without a scheme that cannot be reached over https:// is tried over http://.
 */
export async function detectFeeds(services: Services, viewer: Viewer, input: unknown): Promise<DetectedFeed[]> {
  const { url } = parseInput(feedUrlInput, input);
  const policy = feedFetchPolicy(services);
  const plain = overPlainHttp(input, url);
  let found: FeedCandidate[];
  try {
    found = await discoverFeeds(policy, url).catch((error: unknown) => {
      if (plain && isUnreachable(error)) return discoverFeeds(policy, plain);
      throw error;
    });
  } catch (error) {
    if (error instanceof FeedFetchError) throw new InvalidInputError(error.message);
    throw error;
  }
  if (found.length === 0) return [];
  const followed = await services.db.subscription.findMany({
    where: { userId: viewer.id, feed: { url: { in: found.map((candidate) => candidate.url) } } },
    select: { feed: { select: { url: true } } },
  });
  const subscribed = new Set(followed.map(({ feed }) => feed.url));
  return found.map((candidate) => ({ ...candidate, subscribed: subscribed.has(candidate.url) }));
}
