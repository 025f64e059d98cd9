import ChevronDown from 'lucide-react/icons/chevron-down';
import type { ComponentProps } from 'react';
import { buttonClass } from '../../ui/button';
import { cx } from '../../ui/cx';
import { UserAvatar } from '../people/UserAvatar';
import type { UserMenu_viewer$data } from './__generated__/UserMenu_viewer.graphql';

export type MenuUser = UserMenu_viewer$data;

type Props = ComponentProps<'button'> & { user: MenuUser; variant: 'desktop' | 'mobile' };

/** The account menu's button: the avatar (and on desktop the name), the same before and after the menu has loaded. */
export function UserMenuTrigger({ user, variant, className, ...props }: Props) {
  const desktop = variant === 'desktop';
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-label={`Account menu for ${user.name}`}
      className={cx(
        desktop ? buttonClass('ghost', 'md', 'gap-2.5 pl-1.5 pr-2.5 text-ink max-lg:hidden') : 'rounded-full lg:hidden',
        className,
      )}
      {...props}
    >
      <UserAvatar user={user} size={desktop ? 'sm' : 'md'} />
      {desktop && (
        <>
          <span className="max-w-40 truncate text-sm font-medium">{user.name}</span>
          <ChevronDown aria-hidden="true" className="size-4 text-muted" />
        </>
      )}
    </button>
  );
}
