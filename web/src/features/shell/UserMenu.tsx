import * as Menu from '@radix-ui/react-dropdown-menu';
import { Link } from '@tanstack/react-router';
import { ChevronDown, Compass, Download, LogOut, Settings, Shield, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import { buttonClass } from '../../ui/button';
import { cx } from '../../ui/cx';
import { useLogout } from '../auth/useLogout';
import { UserAvatar } from '../users/UserAvatar';
import type { UserMenu_viewer$key } from './__generated__/UserMenu_viewer.graphql';

type Props = { viewer: UserMenu_viewer$key; variant: 'desktop' | 'mobile' };

const itemClass =
  'flex h-10 cursor-pointer select-none items-center gap-3 rounded-lg px-3 text-[0.925rem] text-ink outline-none data-[highlighted]:bg-sunken';

function MenuLink({
  to,
  icon: Icon,
  children,
}: {
  to: '/discover' | '/settings' | '/export' | '/admin';
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <Menu.Item asChild className={itemClass}>
      <Link to={to}>
        <Icon aria-hidden="true" className="size-4 text-muted" />
        {children}
      </Link>
    </Menu.Item>
  );
}

/**
 * The account menu (spec part 1 §2). Desktop: Discover Feeds, Settings, Export, Admin Panel (administrators
 * only), Logout. Mobile: Discover Feeds, Settings, Logout.
 */
export function UserMenu({ viewer, variant }: Props) {
  const user = useFragment(
    graphql`
      fragment UserMenu_viewer on User {
        name
        username
        isAdmin
        ...UserAvatar_user
      }
    `,
    viewer,
  );
  const logout = useLogout();
  const desktop = variant === 'desktop';

  return (
    <Menu.Root modal={false}>
      <Menu.Trigger
        aria-label={`Account menu for ${user.name}`}
        className={cx(desktop ? buttonClass('ghost', 'md', 'gap-2.5 pl-1.5 pr-2.5 text-ink max-lg:hidden') : 'rounded-full lg:hidden')}
      >
        <UserAvatar user={user} size={desktop ? 'sm' : 'md'} />
        {desktop && (
          <>
            <span className="max-w-40 truncate text-sm font-medium">{user.name}</span>
            <ChevronDown aria-hidden="true" className="size-4 text-muted" />
          </>
        )}
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="end" sideOffset={8} className="z-50 min-w-56 rounded-xl border border-line bg-surface p-1.5 shadow-card">
          <div className="px-3 pb-2 pt-1.5">
            <p className="truncate text-sm font-semibold text-ink">{user.name}</p>
            <p className="truncate text-xs text-muted">@{user.username}</p>
          </div>
          <Menu.Separator className="my-1 h-px bg-line" />
          <MenuLink to="/discover" icon={Compass}>
            Discover Feeds
          </MenuLink>
          <MenuLink to="/settings" icon={Settings}>
            Settings
          </MenuLink>
          {desktop && (
            <MenuLink to="/export" icon={Download}>
              Export
            </MenuLink>
          )}
          {desktop && user.isAdmin && (
            <MenuLink to="/admin" icon={Shield}>
              Admin Panel
            </MenuLink>
          )}
          <Menu.Separator className="my-1 h-px bg-line" />
          <Menu.Item onSelect={logout} className={itemClass}>
            <LogOut aria-hidden="true" className="size-4 text-muted" />
            Logout
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
