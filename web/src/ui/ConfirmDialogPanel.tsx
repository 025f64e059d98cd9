import * as Dialog from '@radix-ui/react-dialog';
import { buttonClass } from './button';
import { dialogOverlayClass, dialogPanelClass } from './dialog';

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The question, in the spec's words (e.g. 'Unsubscribe from "{feed title}"?'). */
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
};

/** ConfirmDialog's dialog, in its own chunk with Radix' dialog. */
export default function ConfirmDialogPanel({ open, onOpenChange, title, message, confirmLabel, onConfirm }: ConfirmDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content role="alertdialog" className={dialogPanelClass}>
          <Dialog.Title className="text-lg font-semibold text-ink">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 break-words text-[0.95rem] leading-relaxed text-muted">{message}</Dialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <Dialog.Close className={buttonClass('secondary', 'sm')}>Cancel</Dialog.Close>
            <button
              type="button"
              className={buttonClass('danger', 'sm')}
              onClick={() => {
                onOpenChange(false);
                onConfirm();
              }}
            >
              {confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
