import BellOff from 'lucide-react/icons/bell-off';
import { useState } from 'react';
import { buttonClass } from '../../ui/button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useToggleMute } from './useMute';

/** What muting does, in the confirmation: the reader should know the other person is not told. */
export const muteConfirmation = (username: string) => `You won’t see @${username}’s shares, comments or mentions. They won’t be told.`;

/**
 * Mute, a quiet button beside Follow, after a confirmation of what it does; Unmute for a user already muted, at once
 * (it hides nothing, so it asks nothing).
 */
export function MuteButton({ user }: { user: { id: string; username: string; isMuted: boolean } }) {
  const [confirming, setConfirming] = useState(false);
  const toggleMute = useToggleMute();
  return (
    <>
      <button
        type="button"
        onClick={() => (user.isMuted ? toggleMute(user) : setConfirming(true))}
        className={buttonClass('ghost', 'sm', 'rounded-full')}
      >
        <BellOff aria-hidden="true" className="size-4" />
        {user.isMuted ? 'Unmute' : 'Mute'}
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Mute @${user.username}?`}
        message={muteConfirmation(user.username)}
        confirmLabel="Mute"
        onConfirm={() => toggleMute(user)}
      />
    </>
  );
}
