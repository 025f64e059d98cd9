import { graphql, useFragment } from 'react-relay';
import { cx } from '../../ui/cx';
import type { UserAvatar_user$key } from './__generated__/UserAvatar_user.graphql';

const sizes = {
  xs: 'size-5 text-[0.625rem]',
  sm: 'size-8 text-sm',
  md: 'size-9 text-[0.95rem]',
  lg: 'size-12 text-lg',
  xl: 'size-20 text-3xl',
} as const;

/** A user's picture, or the first letter of their name on a calm tint when they have none. */
export function UserAvatar({ user, size = 'md' }: { user: UserAvatar_user$key; size?: keyof typeof sizes }) {
  const { name, avatarUrl } = useFragment(
    graphql`
      fragment UserAvatar_user on User {
        name
        avatarUrl
      }
    `,
    user,
  );
  const frame = cx('inline-grid shrink-0 place-items-center overflow-hidden rounded-full', sizes[size]);
  if (avatarUrl) return <img src={avatarUrl} alt="" className={cx(frame, 'object-cover')} />;
  return (
    <span aria-hidden="true" className={cx(frame, 'bg-accent-soft font-semibold uppercase text-accent-strong')}>
      {name.trim().charAt(0) || '?'}
    </span>
  );
}
