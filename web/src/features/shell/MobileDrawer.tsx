import * as Dialog from '@radix-ui/react-dialog';
import { Link } from '@tanstack/react-router';
import { useRef } from 'react';
import { useSwipeable } from 'react-swipeable';
import { DialogCloseButton } from '../../ui/DialogCloseButton';
import { Wordmark } from '../../ui/Wordmark';
import type { PreloadedQuery } from 'react-relay';
import { addFeedField } from '../feeds/addFeedRequest';
import { FeedsAndFoldersSection } from '../feeds/FeedsAndFoldersSection';
import { FEEDS_FORM_ATTRIBUTE } from '../feeds/FeedsFormCard';
import type { loadFeedsQuery } from '../feeds/__generated__/loadFeedsQuery.graphql';

/** The drawer closes on a left swipe of at least 10px. */
export const SWIPE_THRESHOLD_PX = 10;

type Props = {
  feeds: PreloadedQuery<loadFeedsQuery>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opened to add a feed (the first-run empty state): Add feed opens with the focus in its field, not on the first control. */
  focusAddFeed?: boolean;
};

/** The mobile left drawer: folders and feeds with the Add Feed area; a left swipe closes it. */
export function MobileDrawer({ feeds, open, onOpenChange, focusAddFeed = false }: Props) {
  // Closed by a link, the drawer hands focus to the new content rather than back to the menu button, so the
  // list's keys work there.
  const navigated = useRef(false);
  const navigate = () => {
    navigated.current = true;
    onOpenChange(false);
  };
  const swipe = useSwipeable({
    onSwipedLeft: () => onOpenChange(false),
    delta: SWIPE_THRESHOLD_PX,
    trackMouse: true,
  });
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/30 lg:hidden" />
        <Dialog.Content
          {...swipe}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            if (!navigated.current) return;
            navigated.current = false;
            event.preventDefault();
            document.getElementById('main')?.focus({ preventScroll: true });
          }}
          // Escape inside an opened Add feed or New folder form closes that form, not the drawer.
          onEscapeKeyDown={(event) => {
            if (event.target instanceof Element && event.target.closest(`[${FEEDS_FORM_ATTRIBUTE}]`)) event.preventDefault();
          }}
          onOpenAutoFocus={(event) => {
            const field = focusAddFeed ? addFeedField(event.currentTarget as HTMLElement) : null;
            if (!field) return;
            event.preventDefault();
            field.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,86vw)] flex-col gap-5 border-r border-line bg-surface shadow-card lg:hidden"
        >
          <div className="flex h-14 items-center justify-between pl-4 pr-2">
            <Dialog.Title className="sr-only">Menu</Dialog.Title>
            <Link to="/shares" onClick={navigate} className="rounded-lg">
              <Wordmark />
            </Link>
            <DialogCloseButton label="Close menu" />
          </div>
          <div className="relative min-h-0 flex-1 overflow-y-auto px-2 pb-6">
            <FeedsAndFoldersSection feeds={feeds} onNavigate={navigate} addFeedRequest={focusAddFeed ? 1 : 0} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
