import * as Dialog from '@radix-ui/react-dialog';
import { Suspense, type RefObject } from 'react';
import { buttonClass } from '../../ui/button';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { DialogCloseButton } from '../../ui/DialogCloseButton';
import { NotificationList } from './NotificationList';
import { useMarkAllNotificationsRead } from './useMarkAllNotificationsRead';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  unreadCount: number;
  /** The bell, which gets the focus back when the panel closes. */
  trigger: RefObject<HTMLButtonElement | null>;
};

/**
 * The notifications panel: title, 'Mark all read' while anything is unread, close, and the list. Its own
 * chunk, loaded when the bell is first reached for.
 */
export function NotificationPanel({ open, onOpenChange, unreadCount, trigger }: Props) {
  const [markAllRead, isMarking] = useMarkAllNotificationsRead();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay data-testid="notifications-backdrop" className="fixed inset-0 z-40 bg-black/25 backdrop-blur-[1px]" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
          className="fixed inset-x-2 top-2 z-50 flex max-h-[calc(100dvh-1rem)] flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-card sm:inset-x-auto sm:right-4 sm:top-16 sm:w-[26rem] sm:max-h-[min(38rem,calc(100dvh-5rem))]"
        >
          <header className="flex items-center gap-2 border-b border-line py-2 pl-5 pr-2">
            <Dialog.Title className="flex-1 font-serif text-lg font-semibold text-ink">Notifications</Dialog.Title>
            {unreadCount > 0 && (
              <button type="button" onClick={markAllRead} disabled={isMarking} className={buttonClass('ghost', 'sm', 'text-accent-strong')}>
                Mark all read
              </button>
            )}
            <DialogCloseButton label="Close notifications" />
          </header>
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
            {/* The panel says it, so no toast repeats it. */}
            <ErrorBoundary
              fallback={(retry) => (
                <div className="px-5 py-10 text-center text-sm text-muted">
                  <p>Notifications could not be loaded.</p>
                  <button type="button" onClick={retry} className={buttonClass('secondary', 'sm', 'mt-3')}>
                    Try again
                  </button>
                </div>
              )}
            >
              <Suspense fallback={<p className="px-5 py-10 text-center text-sm text-muted">Loading notifications...</p>}>
                <NotificationList onNavigate={() => onOpenChange(false)} />
              </Suspense>
            </ErrorBoundary>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
