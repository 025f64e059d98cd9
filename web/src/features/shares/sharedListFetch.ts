import { useMemo } from 'react';
import { fetchQuery, useRelayEnvironment } from 'react-relay';
import {
  getSelector,
  type ConcreteRequest,
  type Environment,
  type ReaderFragment,
  type SingularReaderSelector,
  type Variables,
} from 'relay-runtime';
import type { ListSource, LoadedList } from '../articles/readingContext';
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

type SharesPaging = {
  /** The list's pagination query and fragment, as the Relay compiler wrote them. */
  paginationQuery: ConcreteRequest;
  listFragment: ReaderFragment;
  /** The list's own variables besides `first` and `after` (memoise them). */
  variables: Variables;
  /** Where the reader's Escape goes back to. */
  returnTo: string;
  knownTotal?: number;
  /** Tells that a page failed to load (null: the reader's page, which has no error to show). */
  reportFailure: (error: unknown) => void;
  /** What `usePaginationFragment` answered. */
  pagination: {
    hasNext: boolean;
    isLoadingNext: boolean;
    loadNext: (count: number, options: { onComplete: (error: Error | null) => void }) => unknown;
  };
};

/**
 * What a list of shares hands `ShareList`: its source for the reader (the context 'shared', paging through the list's
 * own query) and the screen's load-more, both telling a failure the list's way.
 */
export function useSharesPaging({
  paginationQuery,
  listFragment,
  variables,
  returnTo,
  knownTotal,
  reportFailure,
  pagination,
}: SharesPaging) {
  const environment = useRelayEnvironment();
  const source = useMemo<ListSource>(
    () => ({
      kind: 'shared',
      returnTo: { to: returnTo },
      fetchNext: (after) => fetchNextShares(environment, paginationQuery, listFragment, variables, after, knownTotal),
      onLoadFailed: () => reportFailure(null),
    }),
    [environment, paginationQuery, listFragment, variables, returnTo, knownTotal, reportFailure],
  );
  const { hasNext, isLoadingNext, loadNext } = pagination;
  const loadMore = () => {
    if (hasNext && !isLoadingNext) loadNext(SHARES_PAGE_SIZE, { onComplete: (error) => error && reportFailure(error) });
  };
  return { source, loadMore };
}
