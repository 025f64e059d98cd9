import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useDeleteDigestMutation } from './__generated__/useDeleteDigestMutation.graphql';
import { DIGESTS_CONNECTION } from './digestsQuery';

const mutation = graphql`
  mutation useDeleteDigestMutation($id: ID!, $connections: [ID!]!) {
    deleteDigest(id: $id) {
      __typename
      ... on DeleteDigestPayload {
        deletedDigestId @deleteEdge(connections: $connections)
      }
      ... on Error {
        message
      }
    }
  }
`;

/** Deletes a digest (after its confirmation): 'Digest deleted successfully', and it leaves the list. */
export function useDeleteDigest(): (id: string, onDeleted?: () => void) => void {
  const [commit] = useMutation<useDeleteDigestMutation>(mutation);
  return useCallback(
    (id: string, onDeleted?: () => void) =>
      commit({
        variables: { id, connections: [DIGESTS_CONNECTION] },
        ...toastOutcome((response: useDeleteDigestMutation['response']) => response.deleteDigest, {
          expected: 'DeleteDigestPayload',
          success: 'Digest deleted successfully',
          failure: 'Failed to delete digest',
          onSuccess: () => onDeleted?.(),
        }),
      }),
    [commit],
  );
}
