import { discoverFeeds, type FeedCandidate } from '../../feeds/discover.ts';
import { fetchPolicyFor } from '../../feeds/fetch.ts';
import { FeedFetchError } from '../../feeds/fetchError.ts';
import { InvalidInputError, parseInput } from '../errors.ts';
import type { Services, Viewer } from '../services.ts';
import { feedUrlInput } from './feedUrl.ts';

/** The feeds found at an address (the address itself, advertised feeds, or usual paths); empty when none. */
export async function detectFeeds(services: Services, _viewer: Viewer, input: unknown): Promise<FeedCandidate[]> {
  const { url } = parseInput(feedUrlInput, input);
  try {
    return await discoverFeeds(fetchPolicyFor(services.config), url);
  } catch (error) {
    if (error instanceof FeedFetchError) throw new InvalidInputError(error.message);
    throw error;
  }
}
