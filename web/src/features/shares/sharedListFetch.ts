import { fetchQuery } from 'react-relay';
import {
  getSelector,
  type ConcreteRequest,
  type Environment,
  type ReaderFragment,
  type SingularReaderSelector,
  type Variables,
} from 'relay-runtime';
import type { LoadedList } from '../articles/readingContext';
import { loadedShares, type SharesConnection } from './sharedList';

/** Shares per page: a screenful and more on every width, well under the server's largest page (100). */
export const SHARES_PAGE_SIZE = 20;

/**
 * Loads the page after `after` of a list of shares outside its screen (the reader stepping past the last
 * loaded article), through the list's own pagination query: the connection handler appends it to the stored
 * list, so the screen shows it too when it comes back. The list fragment names its connection `shares`.
 */
export async function fetchNextShares(
  environment: Environment,
  paginationQuery: ConcreteRequest,
  listFragment: ReaderFragment,
  variables: Variables,
  after: string,
  knownTotal?: number,
): Promise<LoadedList> {
  const data = await fetchQuery(environment, paginationQuery, { ...variables, first: SHARES_PAGE_SIZE, after }).toPromise();
  const selector = data && getSelector(listFragment, data);
  if (!selector) throw new Error('The shared list could not be read');
  const { data: list } = environment.lookup(selector as SingularReaderSelector);
  return loadedShares((list as { shares: SharesConnection }).shares, knownTotal);
}
