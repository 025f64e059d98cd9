import { Link } from '@tanstack/react-router';
import Menu from 'lucide-react/icons/menu';
import Search from 'lucide-react/icons/search';
import { graphql, useFragment } from 'react-relay';
import { IconButton } from '../../ui/IconButton';
import { Wordmark } from '../../ui/Wordmark';
import { NotificationBell } from '../notifications/NotificationBell';
import { openCommandPalette } from '../palette/openPalette';
import type { TopBar_query$key } from './__generated__/TopBar_query.graphql';
import { RefreshFeedsButton } from './RefreshFeedsButton';
import { UserMenu } from './UserMenu';

type Props = {
  query: TopBar_query$key;
  onOpenDrawer: () => void;
  /** The pointer or the focus reached the drawer's button: its code can start loading. */
  onDrawerIntent: () => void;
};

/**
 * The top bar. Desktop: search (the command palette), the bell and the account menu. Mobile (1023px and
 * narrower): the drawer's menu button, the wordmark, search, refresh-all, the bell and the avatar menu.
 */
export function TopBar({ query, onOpenDrawer, onDrawerIntent }: Props) {
  const data = useFragment(
    graphql`
      fragment TopBar_query on Query {
        viewer {
          ...UserMenu_viewer
        }
        ...NotificationBell_query
      }
    `,
    query,
  );
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-canvas">
      <div className="flex h-14 items-center gap-1 px-2 sm:px-4 lg:h-16 lg:px-8">
        <IconButton label="Open menu" onClick={onOpenDrawer} onPointerEnter={onDrawerIntent} onFocus={onDrawerIntent} className="lg:hidden">
          <Menu aria-hidden="true" className="size-5" />
        </IconButton>
        <Link to="/shares" className="ml-1 rounded-lg lg:hidden">
          <Wordmark className="text-[1.2rem] [&_svg]:size-6" />
        </Link>
        <div className="flex-1" />
        {/* Phones have no / key: the command palette opens from here. */}
        <IconButton label="Search" onClick={openCommandPalette}>
          <Search aria-hidden="true" className="size-5" />
        </IconButton>
        <RefreshFeedsButton className="lg:hidden" />
        <NotificationBell query={data} />
        {data.viewer && (
          <>
            <UserMenu viewer={data.viewer} variant="mobile" />
            <UserMenu viewer={data.viewer} variant="desktop" />
          </>
        )}
      </div>
    </header>
  );
}
