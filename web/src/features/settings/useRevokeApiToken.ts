import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useRevokeApiTokenMutation } from './__generated__/useRevokeApiTokenMutation.graphql';
import { API_TOKENS_CONNECTION } from './apiTokensQuery';

const mutation = graphql`
  mutation useRevokeApiTokenMutation($id: ID!, $connections: [ID!]!) {
    revokeApiToken(id: $id) {
      __typename
      ... on RevokeApiTokenPayload {
        revokedApiTokenId @deleteEdge(connections: $connections)
      }
      ... on Error {
        message
      }
    }
  }
`;

/** Revokes a token (after its confirmation): it leaves the list, and whatever used it is signed out at once. */
export function useRevokeApiToken(): (id: string, name: string) => void {
  const [commit] = useMutation<useRevokeApiTokenMutation>(mutation);
  return useCallback(
    (id: string, name: string) =>
      commit({
        variables: { id, connections: [API_TOKENS_CONNECTION] },
        ...toastOutcome((response: useRevokeApiTokenMutation['response']) => response.revokeApiToken, {
          expected: 'RevokeApiTokenPayload',
          success: `Token "${name}" revoked`,
          failure: 'Failed to revoke token',
        }),
      }),
    [commit],
  );
}
