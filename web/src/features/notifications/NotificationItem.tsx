import { useNavigate } from '@tanstack/react-router';
import { formatDistanceToNow } from 'date-fns';
import { useId } from 'react';
import { graphql, useFragment } from 'react-relay';
import { buttonClass } from '../../ui/button';
import { cx } from '../../ui/cx';
import { TidingsMark } from '../../ui/Wordmark';
import { UserAvatar } from '../users/UserAvatar';
import type { NotificationItem_notification$key } from './__generated__/NotificationItem_notification.graphql';
import { notificationDestination } from './destination';
import { linkify } from './linkify';
import { useMarkNotificationRead } from './useMarkNotificationRead';

type Props = { notification: NotificationItem_notification$key; onNavigate: () => void };

/**
 * One notification. The whole row is one button (named by its text) that marks it read, goes where the
 * type leads and closes the panel; links inside the text, the notification's own link (a button: a password reset's)
 * and 'Mark as read' sit above it and stay separate.
 */
export function NotificationItem({ notification, onNavigate }: Props) {
  const item = useFragment(
    graphql`
      fragment NotificationItem_notification on Notification {
        id
        type
        content
        link
        read
        createdAt
        articleId
        fromUser {
          id
          ...UserAvatar_user
        }
      }
    `,
    notification,
  );
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  const contentId = useId();

  const open = () => {
    if (!item.read) markRead(item.id);
    const destination = notificationDestination(item);
    if (destination) void navigate(destination);
    onNavigate();
  };

  return (
    <li className={cx('relative flex gap-3 px-4 py-3.5 transition-colors hover:bg-sunken', !item.read && 'bg-accent-soft/40')}>
      <button
        type="button"
        onClick={open}
        aria-labelledby={contentId}
        className="absolute inset-0 z-0 rounded-none focus-visible:-outline-offset-2"
      />
      <span className="pointer-events-none relative">
        {item.fromUser ? <UserAvatar user={item.fromUser} size="sm" /> : <TidingsMark className="size-8" />}
      </span>
      <div className="pointer-events-none relative min-w-0 flex-1">
        <p id={contentId} className={cx('break-words text-[0.9rem] leading-snug', item.read ? 'text-muted' : 'text-ink')}>
          {linkify(item.content).map((segment, index) =>
            segment.kind === 'link' ? (
              <a
                key={index}
                href={segment.href}
                onClick={() => !item.read && markRead(item.id)}
                className="pointer-events-auto relative z-10 break-all font-medium text-accent-strong underline underline-offset-2"
              >
                {segment.text}
              </a>
            ) : (
              segment.text
            ),
          )}
        </p>
        {item.link && (
          <a
            href={item.link}
            onClick={() => !item.read && markRead(item.id)}
            className={buttonClass('primary', 'sm', 'pointer-events-auto relative z-10 mt-2')}
          >
            {item.type === 'password_reset' ? 'Reset password' : 'Open'}
          </a>
        )}
        <div className="mt-1.5 flex items-center gap-3">
          <time dateTime={item.createdAt} className="text-xs text-muted">
            {formatDistanceToNow(new Date(item.createdAt), { addSuffix: true })}
          </time>
          {!item.read && (
            <button
              type="button"
              onClick={() => markRead(item.id)}
              className={buttonClass('ghost', 'sm', 'pointer-events-auto relative z-10 -my-1 h-7 px-2 text-xs text-accent-strong')}
            >
              Mark as read
            </button>
          )}
        </div>
      </div>
      {!item.read && <span aria-label="Unread" role="img" className="relative mt-1.5 size-2 shrink-0 rounded-full bg-accent" />}
    </li>
  );
}
