import Share2 from 'lucide-react/icons/share-2';
import { useMemo } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { EmptyState } from '../../ui/EmptyState';
import { useSharesPaging } from '../shares/sharedListFetch';
import { ShareList } from '../shares/ShareList';
import type { ProfileShares_query$key } from './__generated__/ProfileShares_query.graphql';
import listFragment from './__generated__/ProfileShares_query.graphql';
import paginationQuery, { type ProfileSharesPaginationQuery } from './__generated__/ProfileSharesPaginationQuery.graphql';
import { reportProfileLoadFailure } from './reportProfileLoadFailure';

type Props = { query: ProfileShares_query$key; userId: string; sharesCount: number };

/** A user's shares on their profile, newest first, with the unshare option on the viewer's own. */
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
  const variables = useMemo(() => ({ userId }), [userId]);
  // A user shares an article once, so the profile's count is the list's total.
  const { source, loadMore } = useSharesPaging({
    paginationQuery,
    listFragment,
    variables,
    returnTo: `/user/${userId}`,
    knownTotal: sharesCount,
    reportFailure: reportProfileLoadFailure,
    pagination: { hasNext, isLoadingNext, loadNext },
  });

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
