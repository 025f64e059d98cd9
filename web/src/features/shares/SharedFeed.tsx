import { Link } from '@tanstack/react-router';
import Share2 from 'lucide-react/icons/share-2';
import { graphql, usePaginationFragment } from 'react-relay';
import { buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/EmptyState';
import type { SharedFeed_query$key } from './__generated__/SharedFeed_query.graphql';
import listFragment from './__generated__/SharedFeed_query.graphql';
import paginationQuery, { type SharedFeedPaginationQuery } from './__generated__/SharedFeedPaginationQuery.graphql';
import { useSharesPaging } from './sharedListFetch';
import { reportSharesLoadFailure } from './reportSharesLoadFailure';
import { ShareList } from './ShareList';

/** The Shared list: the viewer's shares and those of the people they follow, newest first. */
const NO_VARIABLES = {};

export function SharedFeed({ query }: { query: SharedFeed_query$key }) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<SharedFeedPaginationQuery, SharedFeed_query$key>(
    graphql`
      fragment SharedFeed_query on Query
      @refetchable(queryName: "SharedFeedPaginationQuery")
      @argumentDefinitions(first: { type: "Int!" }, after: { type: "String" }) {
        shares(first: $first, after: $after) @connection(key: "SharedFeed_shares") {
          articleCount
          pageInfo {
            hasNextPage
            endCursor
          }
          edges {
            node {
              id
              article {
                id
              }
              ...ShareItem_share
            }
          }
        }
      }
    `,
    query,
  );
  // The context 'shared': the reader counts this list and Escape returns to /shares.
  const { source, loadMore } = useSharesPaging({
    paginationQuery,
    listFragment,
    variables: NO_VARIABLES,
    returnTo: '/shares',
    reportFailure: reportSharesLoadFailure,
    pagination: { hasNext, isLoadingNext, loadNext },
  });

  return (
    <ShareList
      connection={data.shares}
      source={source}
      hasNext={hasNext}
      isLoadingNext={isLoadingNext}
      loadMore={loadMore}
      empty={
        <EmptyState icon={Share2} title="No shared articles yet" detail="Articles shared by people you follow will appear here">
          <Link to="/users" className={buttonClass('primary')}>
            Find people to follow
          </Link>
        </EmptyState>
      }
    />
  );
}
