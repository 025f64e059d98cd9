import { graphql, loadQuery } from 'react-relay';
import type { Environment } from 'relay-runtime';
import type { sharesQuery as SharesQuery } from './__generated__/sharesQuery.graphql';
import { SHARES_PAGE_SIZE } from './sharedListFetch';

/** The Shared list screen's one query: the first page of the list, and the viewer's feed of public shares. */
export const sharesQuery = graphql`
  query sharesQuery($first: Int!) {
    viewer {
      id
      publicSharesFeedUrl
    }
    ...SharedFeed_query @arguments(first: $first)
  }
`;

/**
 * Starts loading the Shared list as its route is entered (or hovered). What the store holds shows at once and
 * the network brings it up to date: new shares of the people the viewer follows, a share taken back elsewhere.
 */
export function loadShares(environment: Environment) {
  return loadQuery<SharesQuery>(environment, sharesQuery, { first: SHARES_PAGE_SIZE }, { fetchPolicy: 'store-and-network' });
}
