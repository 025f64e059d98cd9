import Trash2 from 'lucide-react/icons/trash';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { buttonClass } from '../../ui/button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import type { ApiTokenItem_token$key } from './__generated__/ApiTokenItem_token.graphql';
import { useRevokeApiToken } from './useRevokeApiToken';
import { formatDate, timeAgo } from '../../ui/dates';

/** One personal API token: its name, when it was created and last used, and Revoke. */
export function ApiTokenItem({ token }: { token: ApiTokenItem_token$key }) {
  const { id, name, createdAt, lastUsedAt } = useFragment(
    graphql`
      fragment ApiTokenItem_token on ApiToken {
        id
        name
        createdAt
        lastUsedAt
      }
    `,
    token,
  );
  const revoke = useRevokeApiToken();
  const [confirming, setConfirming] = useState(false);
  return (
    <li aria-label={`API token ${name}`} className="flex items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-ink">{name}</p>
        <p className="text-sm text-muted">
          Created <time dateTime={createdAt}>{formatDate(new Date(createdAt), 'day')}</time>
          {' · '}
          {lastUsedAt ? (
            <>
              Last used <time dateTime={lastUsedAt}>{timeAgo(new Date(lastUsedAt))}</time>
            </>
          ) : (
            'Never used'
          )}
        </p>
      </div>
      <button
        type="button"
        onClick={() => setConfirming(true)}
        aria-label={`Revoke ${name}`}
        className={buttonClass('ghost', 'sm', 'shrink-0 text-danger hover:text-danger')}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        Revoke
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Revoke token"
        message={`Revoke "${name}"? Whatever uses it stops working at once. This cannot be undone.`}
        confirmLabel="Revoke"
        onConfirm={() => revoke(id, name)}
      />
    </li>
  );
}
