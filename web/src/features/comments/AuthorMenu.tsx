import * as Menu from '@radix-ui/react-dropdown-menu';
import MoreHorizontal from 'lucide-react/icons/ellipsis';
import VolumeX from 'lucide-react/icons/volume-x';
import { buttonClass } from '../../ui/button';
import { useMuteAuthor } from './useMuteAuthor';

/** The ⋯ of someone else's comment or share note: Mute @username (unmuting is on their profile). */
export function AuthorMenu({ user }: { user: { id: string; username: string } }) {
  const mute = useMuteAuthor();
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger
        aria-label={`More actions for @${user.username}`}
        title="More actions"
        className={buttonClass('ghost', 'icon', '-mr-2 -mt-1 size-9 text-muted/80')}
      >
        <MoreHorizontal aria-hidden="true" className="size-4" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="end" sideOffset={4} className="z-50 min-w-44 rounded-xl border border-line bg-surface p-1.5 shadow-card">
          <Menu.Item
            onSelect={() => mute(user)}
            className="flex min-h-10 cursor-pointer select-none items-center gap-2.5 rounded-lg px-2.5 text-sm text-ink outline-none data-[highlighted]:bg-sunken"
          >
            <VolumeX aria-hidden="true" className="size-4 opacity-80" />
            Mute @{user.username}
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
