import Share2 from 'lucide-react/icons/share-2';
import { useMemo } from 'react';
import { graphql, usePaginationFragment, useRelayEnvironment } from 'react-relay';
import { EmptyState } from '../../ui/EmptyState';
import type { ListSource } from '../articles/readingContext';
import { fetchNextShares, SHARES_PAGE_SIZE } from '../shares/sharedListFetch';
import { ShareList } from '../shares/ShareList';
import type { ProfileShares_query$key } from './__generated__/ProfileShares_query.graphql';
import listFragment from './__generated__/ProfileShares_query.graphql';
import paginationQuery, { type ProfileSharesPaginationQuery } from './__generated__/ProfileSharesPaginationQuery.graphql';
import { reportProfileLoadFailure } from './reportProfileLoadFailure';

type Props = { query: ProfileShares_query$key; userId: string; sharesCount: number };

/** A user's shares on their profile (spec part 1 §2), newest first, with the unshare option on the viewer's own. */
export function ProfileShares({ query, userId, sharesCount }: Props) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<ProfileSharesPaginationQuery, ProfileShares_query$key>(
    graphql`
      fragment ProfileShares_query on Query
      @refetchable(queryName: "ProfileSharesPaginationQuery")
      @argumentDefinitions(userId: { type: "ID!" }, first: { type: "Int!" }, after: { type: "String" }) {
        shares: userShares(userId: $userId, first: $first, after: $after) @connection(key: "ProfileShares_shares", filters: ["userId"]) {
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
  // The reader counts the profile's shares and comes back here (a user shares an article once, so the count is the total).
  const source = useMemo<ListSource>(
    () => ({
      kind: 'shared',
      returnTo: { to: `/user/${userId}` },
      fetchNext: (after) => fetchNextShares(environment, paginationQuery, listFragment, { userId }, after, sharesCount),
      onLoadFailed: () => reportProfileLoadFailure(null),
    }),
    [environment, userId, sharesCount],
  );
  const loadMore = () => {
    if (hasNext && !isLoadingNext) loadNext(SHARES_PAGE_SIZE, { onComplete: (error) => error && reportProfileLoadFailure(error) });
  };

  return (
    <ShareList
      connection={data.shares}
      source={source}
      knownTotal={sharesCount}
      hasNext={hasNext}
      isLoadingNext={isLoadingNext}
      loadMore={loadMore}
      empty={<EmptyState icon={Share2} title="This user hasn't shared any articles" />}
    />
  );
}
