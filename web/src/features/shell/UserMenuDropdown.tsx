import * as Menu from '@radix-ui/react-dropdown-menu';
import { Link } from '@tanstack/react-router';
import { type LucideIcon } from 'lucide-react';
import Compass from 'lucide-react/icons/compass';
import Download from 'lucide-react/icons/download';
import LogOut from 'lucide-react/icons/log-out';
import Settings from 'lucide-react/icons/settings';
import Shield from 'lucide-react/icons/shield';
import type { ReactNode } from 'react';
import { useLogout } from '../auth/useLogout';
import { UserMenuTrigger, type MenuUser } from './UserMenuTrigger';

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

/** The account menu itself (Radix' dropdown): its own chunk, loaded when the menu is first opened, which it opens. */
export function UserMenuDropdown({ user, variant }: { user: MenuUser; variant: 'desktop' | 'mobile' }) {
  const logout = useLogout();
  const desktop = variant === 'desktop';

  return (
    <Menu.Root modal={false} defaultOpen>
      <Menu.Trigger asChild>
        <UserMenuTrigger user={user} variant={variant} />
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
