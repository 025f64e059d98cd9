import * as Dialog from '@radix-ui/react-dialog';
import { Suspense } from 'react';
import { dialogOverlayClass } from '../../ui/dialog';
import { DialogCloseButton } from '../../ui/DialogCloseButton';
import { RuleForm, type RuleDraft } from './RuleForm';
import { RuleFormSkeleton } from './RuleFormSkeleton';

export type RuleDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The form's first values (e.g. "Hide articles like this": the article's feed and a few words of its title). */
  initial: RuleDraft;
};

/** A new rule in a dialog, its form prefilled; it closes once the rule is added. In its own chunk with Radix' dialog. */
export default function RuleDialogPanel({ open, onOpenChange, initial }: RuleDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content
          // The small dialogs' panel, wider and scrolling within the window: the form and its preview are long on a phone.
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[min(34rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-6"
        >
          <div className="mb-4 flex items-start justify-between gap-3">
            <div>
              <Dialog.Title className="text-lg font-semibold text-ink">Hide articles like this</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-muted">
                A rule, kept in Settings → Rules: edit the words and watch the preview.
              </Dialog.Description>
            </div>
            <DialogCloseButton label="Close" className="-mr-2 -mt-2" />
          </div>
          {open && (
            <Suspense fallback={<RuleFormSkeleton />}>
              <RuleForm ruleId={null} initial={initial} onDone={() => onOpenChange(false)} />
            </Suspense>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
