import { Link } from '@tanstack/react-router';
import Share2 from 'lucide-react/icons/share-2';
import { useMemo } from 'react';
import { graphql, usePaginationFragment, useRelayEnvironment } from 'react-relay';
import { buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/EmptyState';
import type { ListSource } from '../articles/readingContext';
import type { SharedFeed_query$key } from './__generated__/SharedFeed_query.graphql';
import listFragment from './__generated__/SharedFeed_query.graphql';
import paginationQuery, { type SharedFeedPaginationQuery } from './__generated__/SharedFeedPaginationQuery.graphql';
import { fetchNextShares, SHARES_PAGE_SIZE } from './sharedListFetch';
import { reportSharesLoadFailure } from './reportSharesLoadFailure';
import { ShareList } from './ShareList';

/** The Shared list (spec part 1 §2): the viewer's shares and those of the people they follow, newest first. */
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
  const environment = useRelayEnvironment();
  // Spec part 1 §3: the context 'shared', so the reader counts this list and Escape returns to /shares.
  const source = useMemo<ListSource>(
    () => ({
      kind: 'shared',
      returnTo: { to: '/shares' },
      fetchNext: (after) => fetchNextShares(environment, paginationQuery, listFragment, {}, after),
      onLoadFailed: () => reportSharesLoadFailure(null),
    }),
    [environment],
  );
  const loadMore = () => {
    if (hasNext && !isLoadingNext) loadNext(SHARES_PAGE_SIZE, { onComplete: (error) => error && reportSharesLoadFailure(error) });
  };

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
