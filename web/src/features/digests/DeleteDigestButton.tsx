import Trash2 from 'lucide-react/icons/trash';
import { useState } from 'react';
import { buttonClass } from '../../ui/button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useDeleteDigest } from './useDeleteDigest';

/** Delete, after a confirmation that it cannot be undone; `onDeleted` runs once the server has deleted it. */
export function DeleteDigestButton({
  digestId,
  onDeleted,
  withLabel = false,
}: {
  digestId: string;
  onDeleted?: () => void;
  withLabel?: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const deleteDigest = useDeleteDigest();
  return (
    <>
      <button
        type="button"
        aria-label="Delete digest"
        className={buttonClass('ghost', withLabel ? 'sm' : 'icon', 'relative z-10')}
        onClick={() => setConfirming(true)}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        {withLabel && 'Delete'}
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete digest"
        message="Are you sure you want to delete this digest? This action cannot be undone."
        confirmLabel="Delete"
        onConfirm={() => deleteDigest(digestId, onDeleted)}
      />
    </>
  );
}
