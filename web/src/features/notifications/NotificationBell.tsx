import Bell from 'lucide-react/icons/bell';
import { useRef, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { buttonClass } from '../../ui/button';
import type { NotificationBell_query$key } from './__generated__/NotificationBell_query.graphql';
import { lazyWithPreload } from '../../ui/lazyWithPreload';
import { OnceOpened } from '../../ui/OnceOpened';
import { formatUnreadBadge } from './badge';
import { useNotificationAddedSubscription } from './useNotificationAddedSubscription';
import { useNotificationPolling } from './useNotificationPolling';

const { Component: NotificationPanel, preload: preloadPanel } = lazyWithPreload(() =>
  import('./NotificationPanel').then((module) => module.NotificationPanel),
);

/** The bell in the shell: the unread count (capped at '9+', pulsing while unread) and the panel it opens. */
export function NotificationBell({ query }: { query: NotificationBell_query$key }) {
  const { unreadNotificationGroupCount: unread } = useFragment(
    graphql`
      fragment NotificationBell_query on Query {
        # The bell counts unread rows (groups), not the notifications inside them.
        unreadNotificationGroupCount
      }
    `,
    query,
  );
  const [open, setOpen] = useState(false);
  const bell = useRef<HTMLButtonElement>(null);
  useNotificationPolling();
  useNotificationAddedSubscription();
  const badge = formatUnreadBadge(unread);

  return (
    <>
      <button
        ref={bell}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void preloadPanel()}
        onFocus={() => void preloadPanel()}
        onClick={() => setOpen(true)}
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
      </button>
      <OnceOpened open={open}>
        <NotificationPanel open={open} onOpenChange={setOpen} unreadCount={unread} trigger={bell} />
      </OnceOpened>
    </>
  );
}
