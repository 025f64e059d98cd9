import * as Dialog from '@radix-ui/react-dialog';
import { cx } from '../../ui/cx';
import { dialogOverlayClass, dialogPanelClass } from '../../ui/dialog';
import { DialogCloseButton } from '../../ui/DialogCloseButton';
import { ShortcutList } from './ShortcutList';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

/** The ? dialog: every shortcut, on Radix' dialog (focus trapped and returned, Escape closes). */
export function ShortcutsDialog({ open, onOpenChange }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content className={cx(dialogPanelClass, 'flex max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] flex-col p-0')}>
          <div className="flex items-center gap-2 py-3 pl-6 pr-3">
            <Dialog.Title className="flex-1 font-serif text-lg font-semibold text-ink">Keyboard shortcuts</Dialog.Title>
            <DialogCloseButton label="Close" />
          </div>
          <Dialog.Description className="px-6 text-sm text-muted">Keys do nothing while you type in a field.</Dialog.Description>
          {/* Focusable, so a keyboard can scroll the list when the window is too short for it. */}
          <div
            tabIndex={0}
            role="region"
            aria-label="Shortcuts"
            className="min-h-0 overflow-y-auto px-6 pb-6 pt-4 outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-focus"
          >
            <ShortcutList />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
