import * as Dialog from '@radix-ui/react-dialog';
import { buttonClass } from './button';
import { dialogOverlayClass, dialogPanelClass } from './dialog';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The question, in the spec's words (e.g. 'Unsubscribe from "{feed title}"?'). */
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
};

/**
 * A confirmation for a destructive step (spec part 1 §5) on Radix' dialog: focus is trapped and returned,
 * Escape and Cancel close it, and Cancel takes the first focus so Enter never destroys by accident.
 */
export function ConfirmDialog({ open, onOpenChange, title, message, confirmLabel, onConfirm }: Props) {
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
