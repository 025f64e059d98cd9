import { graphql, useFragment } from 'react-relay';
import type { RecentUserList_users$key } from './__generated__/RecentUserList_users.graphql';
import { NothingYet } from './AdminPanel';
import { timeAgo } from '../../ui/dates';

/** The users who used the app most recently (a session or an API token), with when. */
export function RecentUserList({ users }: { users: RecentUserList_users$key }) {
  const list = useFragment(
    graphql`
      fragment RecentUserList_users on AdminRecentUser @relay(plural: true) {
        userId
        username
        displayName
        avatarUrl
        lastActiveAt
      }
    `,
    users,
  );
  if (list.length === 0) return <NothingYet>No one has signed in yet.</NothingYet>;
  return (
    <ul className="divide-y divide-line">
      {list.map((user) => {
        const name = user.displayName || user.username;
        return (
          <li key={user.userId} className="flex items-center gap-3 py-2.5">
            {user.avatarUrl ? (
              <img src={user.avatarUrl} alt="" className="size-9 shrink-0 rounded-full object-cover" />
            ) : (
              <span
                aria-hidden="true"
                className="grid size-9 shrink-0 place-items-center rounded-full bg-accent-soft font-semibold uppercase text-accent-strong"
              >
                {name.charAt(0)}
              </span>
            )}
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-ink">{name}</p>
              <p className="truncate text-sm text-muted">@{user.username}</p>
            </div>
            <time dateTime={user.lastActiveAt} className="shrink-0 text-sm text-muted">
              {timeAgo(new Date(user.lastActiveAt))}
            </time>
          </li>
        );
      })}
    </ul>
  );
}
