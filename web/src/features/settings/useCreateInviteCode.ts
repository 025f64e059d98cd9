import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useCreateInviteCodeMutation } from './__generated__/useCreateInviteCodeMutation.graphql';
import { inviteAllowanceUpdater } from './inviteAllowanceUpdater';

// The new code joins the front of the list (it is newest first); the allowance comes back as it now is.
const mutation = graphql`
  mutation useCreateInviteCodeMutation($connections: [ID!]!) {
    createInviteCode {
      __typename
      ... on CreateInviteCodePayload {
        inviteCode @prependNode(connections: $connections, edgeTypeName: "QueryInviteCodesConnectionEdge") {
          id
          ...InviteCodeItem_invite
        }
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
 * Generates an invite code into the connection `connectionId` and says 'New invite code
 * generated!', or the server's reason, or 'Failed to generate invite code'.
 */
export function useCreateInviteCode(connectionId: string): [generate: () => void, generating: boolean] {
  const [commit, generating] = useMutation<useCreateInviteCodeMutation>(mutation);
  const generate = useCallback(
    () =>
      commit({
        variables: { connections: [connectionId] },
        updater: inviteAllowanceUpdater('createInviteCode'),
        ...toastOutcome((response: useCreateInviteCodeMutation['response']) => response.createInviteCode, {
          expected: 'CreateInviteCodePayload',
          success: 'New invite code generated!',
          failure: 'Failed to generate invite code',
          refusal: 'title',
        }),
      }),
    [commit, connectionId],
  );
  return [generate, generating];
}
