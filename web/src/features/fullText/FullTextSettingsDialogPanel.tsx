import * as Dialog from '@radix-ui/react-dialog';
import { Suspense } from 'react';
import { dialogOverlayClass } from '../../ui/dialog';
import { DialogCloseButton } from '../../ui/DialogCloseButton';
import { FullTextSettingsForm } from './FullTextSettingsForm';

export type FullTextSettingsDialogProps = {
  /** The subscription whose settings these are. */
  subscriptionId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** The full-article settings of a subscription in a dialog, in its own chunk with Radix' dialog. */
export default function FullTextSettingsDialogPanel({ subscriptionId, open, onOpenChange }: FullTextSettingsDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content
          // The small dialogs' panel, a little wider and scrolling within the window on a phone.
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[min(30rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-6"
        >
          <div className="mb-4 flex items-start justify-between gap-3">
            <div>
              <Dialog.Title className="text-lg font-semibold text-ink">Full-article settings</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-muted">
                How Tidings reads this feed’s articles from their pages. Site rules are shared with the feed’s other subscribers.
              </Dialog.Description>
            </div>
            <DialogCloseButton label="Close" className="-mr-2 -mt-2" />
          </div>
          {open && (
            <Suspense fallback={<p className="py-8 text-center text-sm text-muted">Loading the settings…</p>}>
              <FullTextSettingsForm subscriptionId={subscriptionId} onDone={() => onOpenChange(false)} />
            </Suspense>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
