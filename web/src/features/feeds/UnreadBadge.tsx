import { cx } from '../../ui/cx';
import { formatUnreadCount } from './unreadCount';

/** A feed's or folder's unread count at the end of its row; nothing when all is read. */
export function UnreadBadge({ count, selected }: { count: number; selected: boolean }) {
  const text = formatUnreadCount(count);
  if (text === null) return null;
  return (
    <span
      data-testid="unread-count"
      className={cx(
        'shrink-0 rounded-full px-1.5 text-xs font-semibold tabular-nums leading-5',
        selected ? 'text-accent-strong' : 'text-muted group-hover:text-ink',
      )}
    >
      {text}
      <span className="sr-only"> unread</span>
    </span>
  );
}
