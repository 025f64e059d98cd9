import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import { UserAvatar } from '../people/UserAvatar';
import { AuthorMenu } from './AuthorMenu';
import type { ConversationItem_user$key } from './__generated__/ConversationItem_user.graphql';
import { formatDate, timeAgo } from '../../ui/dates';

type Props = {
  user: ConversationItem_user$key;
  createdAt: string;
  /** What the entry is, after the name: 'shared this' for a share note. */
  tag?: string;
  /** The feed of the copy of the story it was written on, when that is not the article being read. */
  copyFeedTitle?: string | null;
  /** The author's own controls, at the end of the header. */
  actions?: ReactNode;
  children: ReactNode;
};

/** One entry of an article's conversation, a comment or a share note: who, when, and what they said; someone else's has a ⋯ with Mute. */
export function ConversationItem({ user, createdAt, tag, copyFeedTitle, actions, children }: Props) {
  const author = useFragment(
    graphql`
      fragment ConversationItem_user on User {
        id
        name
        username
        # Null for the viewer themself (and a visitor): only someone else's entries offer Mute.
        isMuted
        ...UserAvatar_user
      }
    `,
    user,
  );
  const created = new Date(createdAt);
  return (
    <li className="flex gap-3 py-5 sm:gap-4">
      <UserAvatar user={author} />
      <div className="min-w-0 flex-1">
        <div className="flex items-start gap-2">
          <p className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-2 gap-y-0.5 pt-1.5 text-sm">
            <Link
              to="/user/$userId"
              params={{ userId: author.id }}
              className="break-words rounded font-semibold text-ink underline-offset-2 hover:underline"
            >
              {author.name}
            </Link>
            {tag && <span className="text-muted">{tag}</span>}
            {copyFeedTitle && <span className="break-words text-xs text-muted">on {copyFeedTitle}</span>}
            <time dateTime={createdAt} title={formatDate(created, 'dateTime')} className="text-xs text-muted">
              {timeAgo(created)}
            </time>
          </p>
          {actions}
          {author.isMuted === false && <AuthorMenu user={author} />}
        </div>
        {children}
      </div>
    </li>
  );
}
