import * as Dialog from '@radix-ui/react-dialog';
import Check from 'lucide-react/icons/check';
import Copy from 'lucide-react/icons/copy';
import { useId } from 'react';
import { buttonClass } from '../../ui/button';
import { dialogOverlayClass, dialogPanelClass } from '../../ui/dialog';
import { useCopyToClipboard } from '../../ui/useCopyToClipboard';

type Props = {
  /** The link just made, or null when the dialog is closed: closing forgets it, so it is shown this once. */
  link: string | null;
  username: string;
  onClose: () => void;
};

/** A password reset link an administrator made for `username`, in a read-only field with a Copy button. */
export function ResetLinkDialog({ link, username, onClose }: Props) {
  const fieldId = useId();
  const [copy, copied] = useCopyToClipboard('Link copied to clipboard!');
  return (
    <Dialog.Root open={link !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content
          className={dialogPanelClass}
          // The field takes the first focus with the link selected, ready to copy by keyboard too.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            const field = document.getElementById(fieldId);
            if (field instanceof HTMLTextAreaElement) {
              field.focus();
              field.select();
            }
          }}
        >
          <Dialog.Title className="text-lg font-semibold text-ink">Password reset link</Dialog.Title>
          <Dialog.Description className="mt-2 break-words text-[0.95rem] leading-relaxed text-muted">
            Give this link to {username}. It works once, for one hour.
          </Dialog.Description>
          <label htmlFor={fieldId} className="mt-4 block text-sm font-medium text-ink">
            Reset link
          </label>
          {/* Several lines, so the whole link can be read (and checked) before it is handed over. */}
          <textarea
            id={fieldId}
            readOnly
            rows={3}
            value={link ?? ''}
            onFocus={(event) => event.currentTarget.select()}
            className="mt-1.5 w-full resize-none break-all rounded-lg border border-line bg-sunken px-3 py-2 font-mono text-sm text-ink focus:border-focus focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0"
          />
          <div className="mt-6 flex justify-end gap-2">
            <Dialog.Close className={buttonClass('secondary', 'sm')}>Close</Dialog.Close>
            <button type="button" onClick={() => link && copy(link)} className={buttonClass('primary', 'sm', 'min-w-24')}>
              {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
              {copied ? 'Copied' : 'Copy'}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
