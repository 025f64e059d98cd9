import Ban from 'lucide-react/icons/ban';
import { useState } from 'react';
import { buttonClass } from '../../ui/button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useToggleBlock } from './useBlock';

/** What blocking does, in the confirmation: more than muting, and the other person is not told. */
export const blockConfirmation = (username: string) =>
  `@${username} will no longer follow you, and you won’t see their shares, comments or mentions. They won’t be told.`;

/**
 * Block, a quiet button beside Mute, after a confirmation of what it does; Unblock for a user already blocked, at
 * once (it hides nothing, and their old follow does not come back, so it asks nothing).
 */
export function BlockButton({ user }: { user: { id: string; username: string; isBlocked: boolean } }) {
  const [confirming, setConfirming] = useState(false);
  const toggleBlock = useToggleBlock();
  return (
    <>
      <button
        type="button"
        onClick={() => (user.isBlocked ? toggleBlock(user) : setConfirming(true))}
        className={buttonClass('ghost', 'sm', 'rounded-full')}
      >
        <Ban aria-hidden="true" className="size-4" />
        {user.isBlocked ? 'Unblock' : 'Block'}
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Block @${user.username}?`}
        message={blockConfirmation(user.username)}
        confirmLabel="Block"
        onConfirm={() => toggleBlock(user)}
      />
    </>
  );
}
