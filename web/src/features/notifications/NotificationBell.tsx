import * as Dialog from '@radix-ui/react-dialog';
import { Bell } from 'lucide-react';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { buttonClass } from '../../ui/button';
import type { NotificationBell_query$key } from './__generated__/NotificationBell_query.graphql';
import { formatUnreadBadge } from './badge';
import { NotificationPanel } from './NotificationPanel';
import { useNotificationAddedSubscription } from './useNotificationAddedSubscription';
import { useNotificationPolling } from './useNotificationPolling';

/** The bell in the shell: the unread count (capped at '9+', pulsing while unread) and the panel it opens. */
export function NotificationBell({ query }: { query: NotificationBell_query$key }) {
  const { unreadNotificationGroupCount: unread } = useFragment(
    graphql`
      fragment NotificationBell_query on Query {
        # Issue 15: the bell counts unread rows (groups), not the notifications inside them.
        unreadNotificationGroupCount
      }
    `,
    query,
  );
  const [open, setOpen] = useState(false);
  useNotificationPolling();
  useNotificationAddedSubscription();
  const badge = formatUnreadBadge(unread);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        title="Notifications"
        className={buttonClass('ghost', 'icon', 'relative')}
      >
        <Bell aria-hidden="true" className="size-5" />
        {badge && (
          <span aria-hidden="true" data-testid="unread-badge" className="absolute right-0.5 top-0.5 flex">
            <span className="absolute inline-flex size-full animate-ping rounded-full bg-danger opacity-40 motion-reduce:hidden" />
            <span className="relative grid h-[1.125rem] min-w-[1.125rem] place-items-center rounded-full bg-danger px-1 text-[0.6875rem] font-semibold leading-none text-white">
              {badge}
            </span>
          </span>
        )}
      </Dialog.Trigger>
      <NotificationPanel unreadCount={unread} onClose={() => setOpen(false)} />
    </Dialog.Root>
  );
}
