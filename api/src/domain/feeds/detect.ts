import { discoverFeeds, type FeedCandidate } from '../../feeds/discover.ts';
import { FeedFetchError } from '../../feeds/fetchError.ts';
import { InvalidInputError, parseInput } from '../errors.ts';
import type { Services, Viewer } from '../services.ts';
import { feedUrlInput } from './feedUrl.ts';
import { feedFetchPolicy } from './hostSlots.ts';

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
