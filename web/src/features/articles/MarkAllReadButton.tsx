import CheckCheck from 'lucide-react/icons/check-check';
import { useState } from 'react';
import { buttonClass } from '../../ui/button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { markAllReadMessage } from './listSummary';
import { useMarkAllArticlesRead, type MarkAllScope } from './useMarkAllArticlesRead';

type Props = {
  scope: MarkAllScope;
  /** Names the feed or folder the confirmation speaks of. */
  scopeName: { feedTitle?: string; folderName?: string };
  onMarked: () => void;
};

/** Mark All as Read with its confirmation, naming the feed or folder it is limited to. */
export function MarkAllReadButton({ scope, scopeName, onMarked }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [markAll, inFlight] = useMarkAllArticlesRead(onMarked);
  return (
    <>
      <button
        type="button"
        onClick={() => setConfirming(true)}
        disabled={inFlight}
        title="Mark All as Read"
        className={buttonClass('secondary', 'sm', 'h-10 shrink-0 rounded-xl max-sm:w-10 max-sm:px-0')}
      >
        <CheckCheck aria-hidden="true" className="size-4" />
        <span className="max-sm:sr-only">Mark All as Read</span>
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Mark all as read?"
        message={markAllReadMessage(scopeName)}
        confirmLabel="Mark all as read"
        onConfirm={() => markAll(scope)}
      />
    </>
  );
}
