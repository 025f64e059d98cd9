import BellOff from 'lucide-react/icons/bell-off';
import { useLazyLoadQuery } from 'react-relay';
import type { NotificationListQuery } from './__generated__/NotificationListQuery.graphql';
import { NotificationItem } from './NotificationItem';
import { notificationListQuery } from './NotificationListQuery';

/** The newest notification groups; loads on first open, then stays fresh through polling and live delivery. */
export function NotificationList({ onNavigate }: { onNavigate: () => void }) {
  const { notificationGroups } = useLazyLoadQuery<NotificationListQuery>(notificationListQuery, {}, { fetchPolicy: 'store-or-network' });

  if (notificationGroups.edges.length === 0) {
    return (
      <div className="flex flex-col items-center px-6 py-12 text-center">
        <BellOff aria-hidden="true" className="mb-3 size-8 text-muted/70" strokeWidth={1.5} />
        <p className="font-medium text-ink">No notifications yet</p>
        <p className="mt-1 text-sm text-muted">Mentions, new followers and digests will show up here.</p>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-line">
      {notificationGroups.edges.map(({ node }) => (
        <NotificationItem key={node.id} group={node} onNavigate={onNavigate} />
      ))}
    </ul>
  );
}
