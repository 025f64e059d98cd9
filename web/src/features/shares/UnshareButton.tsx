import Trash2 from 'lucide-react/icons/trash';
import { useState } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { IconButton } from '../../ui/IconButton';
import { useUnshare } from './useUnshare';

/** The owner's unshare control, which asks for confirmation first. */
export function UnshareButton({ shareId, sharerId }: { shareId: string; sharerId: string }) {
  const [confirming, setConfirming] = useState(false);
  const unshare = useUnshare();
  return (
    <>
      <IconButton label="Unshare" onClick={() => setConfirming(true)} className="-my-1 -mr-2 size-9 hover:text-danger">
        <Trash2 aria-hidden="true" className="size-4" />
      </IconButton>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Unshare article"
        message="Are you sure you want to unshare this article? This action cannot be undone."
        confirmLabel="Unshare"
        onConfirm={() => unshare({ id: shareId, sharerId })}
      />
    </>
  );
}
