import { Suspense, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { lazyWithPreload } from '../../ui/lazyWithPreload';
import type { UserMenu_viewer$key } from './__generated__/UserMenu_viewer.graphql';
import { UserMenuTrigger } from './UserMenuTrigger';

type Props = { viewer: UserMenu_viewer$key; variant: 'desktop' | 'mobile' };

const { Component: UserMenuDropdown, preload: preloadDropdown } = lazyWithPreload(() =>
  import('./UserMenuDropdown').then((module) => module.UserMenuDropdown),
);

/**
 * The account menu. Desktop: Discover Feeds, Settings, Export, Admin Panel (administrators
 * only), Logout. Mobile: Discover Feeds, Settings, Logout. Until it is first opened only its button is here; the
 * menu's code loads as the pointer or the focus reaches the button.
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
  const [opened, setOpened] = useState(false);
  const button = (
    <UserMenuTrigger
      user={user}
      variant={variant}
      aria-expanded={false}
      onPointerEnter={() => void preloadDropdown()}
      onFocus={() => void preloadDropdown()}
      onClick={() => setOpened(true)}
    />
  );
  if (!opened) return button;
  return (
    <Suspense fallback={button}>
      <UserMenuDropdown user={user} variant={variant} />
    </Suspense>
  );
}
