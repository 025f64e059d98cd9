import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { graphql, useFragment } from 'react-relay';
import { buttonClass } from '../../ui/button';
import { cx } from '../../ui/cx';
import { TidingsMark } from '../../ui/Wordmark';
import { UserAvatar } from '../people/UserAvatar';
import type { NotificationItem_group$key } from './__generated__/NotificationItem_group.graphql';
import { notificationDestination } from './destination';
import { linkify } from './linkify';
import { useMarkNotificationGroupRead } from './useMarkNotificationGroupRead';
import { timeAgo } from '../../ui/dates';

type Props = { group: NotificationItem_group$key; onNavigate: () => void };

/**
 * One notification group: 'alice and 3 others mentioned you …', or a single notification. The whole
 * row is one button (named by its text) that marks the group read, goes where its newest member leads and closes
 * the panel; links inside the text, the notification's own link (a button: a password reset's) and 'Mark as read'
 * sit above it and stay separate.
 */
export function NotificationItem({ group, onNavigate }: Props) {
  const item = useFragment(
    graphql`
      fragment NotificationItem_group on NotificationGroup {
        id
        summary
        read
        actorCount
        latestAt
        actors {
          id
          ...UserAvatar_user
        }
        latest {
          type
          link
          articleId
          fromUser {
            id
          }
        }
      }
    `,
    group,
  );
  const navigate = useNavigate();
  const markRead = useMarkNotificationGroupRead();
  const contentId = useId();
  const [actor] = item.actors;
  const others = item.actorCount - 1;

  const open = () => {
    if (!item.read) markRead(item.id);
    const destination = notificationDestination(item.latest);
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
      <span className="pointer-events-none relative h-fit shrink-0">
        {actor ? <UserAvatar user={actor} size="sm" /> : <TidingsMark className="size-8" />}
        {others > 0 && (
          <span
            aria-hidden="true"
            className="absolute -bottom-2 -right-2 grid h-4 min-w-4 place-items-center rounded-full border-2 border-surface bg-sunken px-0.5 text-[0.625rem] font-semibold leading-none text-muted"
          >
            +{others}
          </span>
        )}
      </span>
      <div className="pointer-events-none relative min-w-0 flex-1">
        <p id={contentId} className={cx('break-words text-[0.9rem] leading-snug', item.read ? 'text-muted' : 'text-ink')}>
          {linkify(item.summary).map((segment, index) =>
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
        {item.latest.link && (
          <a
            href={item.latest.link}
            onClick={() => !item.read && markRead(item.id)}
            className={buttonClass('primary', 'sm', 'pointer-events-auto relative z-10 mt-2')}
          >
            {item.latest.type === 'password_reset' ? 'Reset password' : 'Open'}
          </a>
        )}
        <div className="mt-1.5 flex items-center gap-3">
          <time dateTime={item.latestAt} className="text-xs text-muted">
            {timeAgo(new Date(item.latestAt))}
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
