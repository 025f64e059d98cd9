import { graphql, loadQuery } from 'react-relay';
import type { Environment } from 'relay-runtime';
import type { inviteCodesQuery as InviteCodesQuery } from './__generated__/inviteCodesQuery.graphql';

/** The invite list shows this many codes, then more on request. */
export const INVITE_PAGE_SIZE = 20;

/** The Invite Codes section's query: the viewer's allowance and the first page of their codes, newest first. */
export const inviteCodesQuery = graphql`
  query inviteCodesQuery {
    inviteRateLimit {
      ...InviteAllowance_rateLimit
    }
    ...InviteCodeList_query
  }
`;

/** Starts loading the invite codes; the section loads them again itself when the person asks to retry. */
export function loadInviteCodes(environment: Environment, fetchPolicy: 'store-and-network' | 'network-only' = 'store-and-network') {
  return loadQuery<InviteCodesQuery>(environment, inviteCodesQuery, {}, { fetchPolicy });
}
