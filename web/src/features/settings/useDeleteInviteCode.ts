import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useDeleteInviteCodeMutation } from './__generated__/useDeleteInviteCodeMutation.graphql';
import { inviteAllowanceUpdater } from './inviteAllowanceUpdater';

// The code leaves the list; the allowance comes back as it now is.
const mutation = graphql`
  mutation useDeleteInviteCodeMutation($id: ID!, $connections: [ID!]!) {
    deleteInviteCode(id: $id) {
      __typename
      ... on DeleteInviteCodePayload {
        deletedInviteCodeId @deleteEdge(connections: $connections)
        inviteRateLimit {
          ...InviteAllowance_rateLimit
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

/**
 * Deletes an unused invite code (after its confirmation) from the connection `connectionId`
 * and says 'Invite code deleted', or the server's reason, or 'Failed to delete invite code'.
 */
export function useDeleteInviteCode(connectionId: string): (id: string) => void {
  const [commit] = useMutation<useDeleteInviteCodeMutation>(mutation);
  return useCallback(
    (id: string) =>
      commit({
        variables: { id, connections: [connectionId] },
        updater: inviteAllowanceUpdater('deleteInviteCode'),
        ...toastOutcome((response: useDeleteInviteCodeMutation['response']) => response.deleteInviteCode, {
          expected: 'DeleteInviteCodePayload',
          success: 'Invite code deleted',
          failure: 'Failed to delete invite code',
          refusal: 'title',
        }),
      }),
    [commit, connectionId],
  );
}
