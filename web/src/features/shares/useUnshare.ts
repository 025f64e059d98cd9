import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import { invalidateOtherCopies } from '../comments/otherCopies';
import { ConnectionHandler, ROOT_ID } from 'relay-runtime';
import type { useUnshareMutation } from './__generated__/useUnshareMutation.graphql';

// The payload's article brings its share count as it now is, for every card that shows it, and its sharer theirs.
const mutation = graphql`
  mutation useUnshareMutation($id: ID!, $connections: [ID!]!) {
    unshare(id: $id) {
      __typename
      ... on UnsharePayload {
        deletedShareId @deleteEdge(connections: $connections)
        article {
          id
          counts {
            comments
            shares
            likes
          }
        }
        sharer {
          id
          sharesCount
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const FAILED = 'Failed to unshare article';

/** The lists a share can be in: the Shared list and its sharer's profile (connection keys of SharedFeed and ProfileShares). */
function listsOf(sharerId: string): string[] {
  return [
    ConnectionHandler.getConnectionID(ROOT_ID, 'SharedFeed_shares'),
    ConnectionHandler.getConnectionID(ROOT_ID, 'ProfileShares_shares', { userId: sharerId }),
  ];
}

/**
 * Takes back one of the viewer's shares (after its confirmation): it leaves every list that
 * shows it, its sharer's share count drops by one, and 'Article unshared' or 'Failed to unshare article' says
 * how it went.
 */
export function useUnshare(): (share: { id: string; sharerId: string }) => void {
  const [commit] = useMutation<useUnshareMutation>(mutation);
  return useCallback(
    ({ id, sharerId }) =>
      commit({
        variables: { id, connections: listsOf(sharerId) },
        updater: (store, response) => invalidateOtherCopies(store, response?.unshare.article?.id),
        ...toastOutcome((response: useUnshareMutation['response']) => response.unshare, {
          expected: 'UnsharePayload',
          success: 'Article unshared',
          failure: FAILED,
        }),
      }),
    [commit],
  );
}
