import { Link } from '@tanstack/react-router';
import { graphql, useFragment } from 'react-relay';
import { UserAvatar } from './UserAvatar';
import type { UserCard_user$key } from './__generated__/UserCard_user.graphql';
import { userActivity } from './userActivity';

/**
 * One user of the directory: avatar or initial, display name or username, '@username' when a
 * display name is shown, and what they shared and commented when that is more than nothing. The whole card
 * opens their profile.
 */
export function UserCard({ user }: { user: UserCard_user$key }) {
  const data = useFragment(
    graphql`
      fragment UserCard_user on User {
        id
        name
        username
        displayName
        sharesCount
        commentsCount
        ...UserAvatar_user
      }
    `,
    user,
  );
  const activity = userActivity(data);
  return (
    <Link
      to="/user/$userId"
      params={{ userId: data.id }}
      className="flex h-full items-center gap-3.5 rounded-2xl border border-line bg-surface p-4 shadow-sm transition-colors hover:border-muted/40 hover:bg-sunken/40"
    >
      <UserAvatar user={data} size="lg" />
      <div className="min-w-0 flex-1">
        <h2 className="truncate font-semibold text-ink">{data.name}</h2>
        {data.displayName && <p className="truncate text-sm text-muted">@{data.username}</p>}
        {activity.length > 0 && (
          <ul aria-label="Activity" className="mt-1.5 flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted">
            {activity.map(({ icon: Icon, label }) => (
              <li key={label} className="inline-flex items-center gap-1">
                <Icon aria-hidden="true" className="size-3.5" />
                {label}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Link>
  );
}
