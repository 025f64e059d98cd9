import Trash2 from 'lucide-react/icons/trash';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { buttonClass } from '../../ui/button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import type { ApiTokenItem_token$key } from './__generated__/ApiTokenItem_token.graphql';
import { useRevokeApiToken } from './useRevokeApiToken';
import { formatDate, timeAgo } from '../../ui/dates';

/** One personal API token: its name and scope, when it was created, last used and ends, and Revoke. */
export function ApiTokenItem({ token }: { token: ApiTokenItem_token$key }) {
  const { id, name, scope, createdAt, lastUsedAt, expiresAt } = useFragment(
    graphql`
      fragment ApiTokenItem_token on ApiToken {
        id
        name
        scope
        createdAt
        lastUsedAt
        expiresAt
      }
    `,
    token,
  );
  // The moment the row was first drawn: a token that ends while the screen is open says so on the next visit.
  const [drawnAt] = useState(Date.now);
  const expired = expiresAt != null && new Date(expiresAt).getTime() <= drawnAt;
  const revoke = useRevokeApiToken();
  const [confirming, setConfirming] = useState(false);
  return (
    <li aria-label={`API token ${name}`} className="flex items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="flex min-w-0 items-center gap-2">
          <span className="truncate font-medium text-ink">{name}</span>
          {scope === 'bookmarklet' && (
            <span className="shrink-0 rounded-full bg-sunken px-2 py-0.5 text-xs text-muted">Bookmarklet only</span>
          )}
        </p>
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
          {expiresAt && (
            <>
              {' · '}
              <span className={expired ? 'text-danger' : undefined}>
                {expired ? 'Expired' : 'Expires'} <time dateTime={expiresAt}>{formatDate(new Date(expiresAt), 'day')}</time>
              </span>
            </>
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
