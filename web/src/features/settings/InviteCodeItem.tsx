import Check from 'lucide-react/icons/check';
import Copy from 'lucide-react/icons/copy';
import Trash2 from 'lucide-react/icons/trash';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { buttonClass } from '../../ui/button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { cx } from '../../ui/cx';
import { useCopyToClipboard } from '../../ui/useCopyToClipboard';
import type { InviteCodeItem_invite$key } from './__generated__/InviteCodeItem_invite.graphql';
import { formatDate } from '../../ui/dates';

type Props = { invite: InviteCodeItem_invite$key; onDelete: (id: string) => void };

const day = (iso: string) => formatDate(new Date(iso), 'day');

/**
 * One invite code: the code, when it was created and, once used, when and by whom; Available
 * or Used; Copy (it says "Copied" for 2000 ms), and Delete while it is unused.
 */
export function InviteCodeItem({ invite, onDelete }: Props) {
  const { id, code, createdAt, usedAt, usedBy } = useFragment(
    graphql`
      fragment InviteCodeItem_invite on InviteCode {
        id
        code
        createdAt
        usedAt
        usedBy {
          displayName
          username
        }
      }
    `,
    invite,
  );
  const [copy, copied] = useCopyToClipboard('Invite code copied to clipboard!');
  const [confirming, setConfirming] = useState(false);
  const used = usedAt !== null && usedAt !== undefined;

  return (
    <li aria-label={`Invite code ${code}`} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <code className="break-all font-mono text-[0.95rem] font-semibold tracking-wide text-ink">{code}</code>
          <span
            className={cx(
              'rounded-full px-2 py-0.5 text-xs font-medium',
              used ? 'bg-sunken text-muted' : 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300',
            )}
          >
            {used ? 'Used' : 'Available'}
          </span>
        </div>
        <p className="mt-1 text-sm text-muted">
          Created <time dateTime={createdAt}>{day(createdAt)}</time>
          {used && (
            <>
              {' · '}Used <time dateTime={usedAt}>{day(usedAt)}</time>
              {usedBy && (
                <>
                  {' by '}
                  <span className="font-medium text-ink">{usedBy.displayName ?? usedBy.username}</span> @{usedBy.username}
                </>
              )}
            </>
          )}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <button
          type="button"
          onClick={() => copy(code)}
          aria-label={copied ? `Copied ${code}` : `Copy ${code}`}
          className={buttonClass('secondary', 'sm', 'min-w-24')}
        >
          {copied ? (
            <Check aria-hidden="true" className="size-4 text-green-700 dark:text-green-400" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )}
          {copied ? 'Copied' : 'Copy'}
        </button>
        {!used && (
          <button
            type="button"
            onClick={() => setConfirming(true)}
            aria-label={`Delete ${code}`}
            className={buttonClass('ghost', 'sm', 'text-danger hover:text-danger')}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Delete
          </button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete invite code?"
        message={`Are you sure you want to delete the invite code ${code}? No one will be able to register with it.`}
        confirmLabel="Delete"
        onConfirm={() => onDelete(id)}
      />
    </li>
  );
}
