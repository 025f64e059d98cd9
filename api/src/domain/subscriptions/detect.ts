import { discoverFeeds, type FeedCandidate } from '../../ingest/discover.ts';
import { FeedFetchError } from '../../ingest/fetchError.ts';
import { InvalidInputError, parseInput } from '../core/errors.ts';
import type { Services, Viewer } from '../core/services.ts';
import { feedUrlInput } from '../core/feedUrl.ts';
import { feedFetchPolicy } from '../refresh/hostSlots.ts';

/** The feeds found at an address (the address itself, advertised feeds, or usual paths); empty when none. */
export async function detectFeeds(services: Services, _viewer: Viewer, input: unknown): Promise<FeedCandidate[]> {
  const { url } = parseInput(feedUrlInput, input);
  try {
    return await discoverFeeds(feedFetchPolicy(services), url);
  } catch (error) {
    if (error instanceof FeedFetchError) throw new InvalidInputError(error.message);
    throw error;
  }
}
