import { graphql, usePaginationFragment } from 'react-relay';
import { buttonClass } from '../../ui/button';
import { notify } from '../../ui/toast';
import type { InviteCodeList_query$key } from './__generated__/InviteCodeList_query.graphql';
import type { InviteCodesPaginationQuery } from './__generated__/InviteCodesPaginationQuery.graphql';
import { InviteAllowance } from './InviteAllowance';
import type { InviteAllowance_rateLimit$key } from './__generated__/InviteAllowance_rateLimit.graphql';
import { InviteCodeItem } from './InviteCodeItem';
import { INVITE_PAGE_SIZE } from './inviteCodesQuery';
import { useCreateInviteCode } from './useCreateInviteCode';
import { useDeleteInviteCode } from './useDeleteInviteCode';

const LOAD_FAILED = 'Failed to load invite codes';

type Props = { query: InviteCodeList_query$key; rateLimit: InviteAllowance_rateLimit$key };

/** The allowance with Generate, then the viewer's codes, newest first, 20 at a time. */
export function InviteCodeList({ query, rateLimit }: Props) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<InviteCodesPaginationQuery, InviteCodeList_query$key>(
    graphql`
      fragment InviteCodeList_query on Query
      @refetchable(queryName: "InviteCodesPaginationQuery")
      @argumentDefinitions(first: { type: "Int", defaultValue: 20 }, after: { type: "String" }) {
        inviteCodes(first: $first, after: $after) @connection(key: "InviteCodeList_inviteCodes") {
          __id
          edges {
            node {
              id
              ...InviteCodeItem_invite
            }
          }
        }
      }
    `,
    query,
  );
  const connectionId = data.inviteCodes.__id;
  const [generate, generating] = useCreateInviteCode(connectionId);
  const deleteInvite = useDeleteInviteCode(connectionId);
  const invites = data.inviteCodes.edges.map((edge) => edge.node);

  return (
    <div className="flex flex-col gap-2">
      <InviteAllowance rateLimit={rateLimit} onGenerate={generate} generating={generating} />
      {invites.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted">No invite codes yet. Generate one to invite someone.</p>
      ) : (
        <ul aria-label="Your invite codes" className="divide-y divide-line">
          {invites.map((invite) => (
            <InviteCodeItem key={invite.id} invite={invite} onDelete={deleteInvite} />
          ))}
        </ul>
      )}
      {hasNext && (
        <button
          type="button"
          disabled={isLoadingNext}
          onClick={() => loadNext(INVITE_PAGE_SIZE, { onComplete: (error) => error && notify.error(LOAD_FAILED) })}
          className={buttonClass('secondary', 'sm', 'self-center')}
        >
          {isLoadingNext ? 'Loading…' : 'Load more invite codes'}
        </button>
      )}
    </div>
  );
}
