import * as Dialog from '@radix-ui/react-dialog';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { Command as Cmdk } from 'cmdk';
import Search from 'lucide-react/icons/search';
import { Suspense, useDeferredValue, useMemo, useRef, useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { cx } from '../../ui/cx';
import { dialogOverlayClass } from '../../ui/dialog';
import { focusSearchField } from '../keyboard/searchFocus';
import type { CommandPaletteFeedsQuery } from './__generated__/CommandPaletteFeedsQuery.graphql';
import type { CommandPaletteUsersQuery } from './__generated__/CommandPaletteUsersQuery.graphql';
import { feedCommand, matchCommands, NAVIGATION_COMMANDS, pageCommands, userCommand, type Command, type CommandAction } from './commands';

const feedsQuery = graphql`
  query CommandPaletteFeedsQuery {
    feedSubscriptions {
      title
      feed {
        id
        url
      }
    }
  }
`;

/** The users whose username or display name starts with what was typed, found by the server among all of them. */
const usersQuery = graphql`
  query CommandPaletteUsersQuery($search: String!) {
    searchUsers(query: $search, limit: 10) {
      id
      username
      displayName
    }
  }
`;

/** What the users query is asked: the typed text without a leading '@', within the search's 50 characters. */
function userSearchOf(search: string): string {
  return search.trim().replace(/^@/, '').slice(0, 50);
}

/**
 * The command palette, on cmdk inside Radix' dialog: 'Search commands...', at most ten results,
 * arrows move, Enter runs, Escape closes. The commands: the app's places, the page's search, each subscribed feed
 * (loaded as the palette opens) and the users matching what is typed (asked of the server as one types, the
 * previous results staying until the new ones arrive); the rest are there at once.
 */
export default function CommandPalette({ onClose }: { onClose: () => void }) {
  const [search, setSearch] = useState('');
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const pending = useRef<CommandAction | null>(null);
  const staticCommands = useMemo(() => [...pageCommands(pathname), ...NAVIGATION_COMMANDS], [pathname]);

  const run = (command: Command) => {
    pending.current = command.action;
    if (command.action.kind === 'go') void navigate({ to: command.action.to, search: command.action.search ?? {} });
    onClose();
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // The page's search field takes the focus, not the element that had it before the palette.
            if (pending.current?.kind !== 'focusSearch') return;
            event.preventDefault();
            if (!focusSearchField()) void navigate({ to: '/articles' });
          }}
          className="fixed left-1/2 top-[12vh] z-50 w-[min(36rem,calc(100vw-1.5rem))] -translate-x-1/2 overflow-hidden rounded-2xl border border-line bg-surface shadow-card"
        >
          <Dialog.Title className="sr-only">Command palette</Dialog.Title>
          <Cmdk label="Command palette" shouldFilter={false} loop>
            <div className="flex items-center gap-2 border-b border-line px-4">
              <Search aria-hidden="true" className="size-5 shrink-0 text-muted" />
              <Cmdk.Input
                value={search}
                onValueChange={setSearch}
                placeholder="Search commands..."
                className="h-14 w-full bg-transparent text-base text-ink outline-none placeholder:text-muted"
              />
            </div>
            <Suspense fallback={<Results commands={matchCommands(staticCommands, search)} onRun={run} />}>
              <ResultsWithData staticCommands={staticCommands} search={search} onRun={run} />
            </Suspense>
          </Cmdk>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ResultsWithData({
  staticCommands,
  search,
  onRun,
}: {
  staticCommands: Command[];
  search: string;
  onRun: (command: Command) => void;
}) {
  const userSearch = useDeferredValue(userSearchOf(search));
  const feeds = useLazyLoadQuery<CommandPaletteFeedsQuery>(feedsQuery, {}, { fetchPolicy: 'store-and-network' });
  const users = useLazyLoadQuery<CommandPaletteUsersQuery>(usersQuery, { search: userSearch }, { fetchPolicy: 'store-or-network' });
  const commands = useMemo(
    () => [
      ...staticCommands,
      ...feeds.feedSubscriptions.map((subscription) =>
        feedCommand({ feedId: subscription.feed.id, title: subscription.title, url: subscription.feed.url }),
      ),
      ...users.searchUsers.map(userCommand),
    ],
    [staticCommands, feeds, users],
  );
  return <Results commands={matchCommands(commands, search)} onRun={onRun} />;
}

function Results({ commands, onRun }: { commands: Command[]; onRun: (command: Command) => void }) {
  return (
    <Cmdk.List className="max-h-[min(26rem,60dvh)] overflow-y-auto p-2">
      <Cmdk.Empty className="px-3 py-8 text-center text-sm text-muted">No matching commands</Cmdk.Empty>
      {commands.map((command) => {
        const Icon = command.icon;
        return (
          <Cmdk.Item
            key={command.id}
            value={command.id}
            onSelect={() => onRun(command)}
            className={cx(
              'flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2.5 text-ink',
              'data-[selected=true]:bg-accent-soft data-[selected=true]:text-accent-strong',
            )}
          >
            <Icon aria-hidden="true" className="size-4 shrink-0" />
            <span className="min-w-0 flex-1 truncate font-medium">{command.title}</span>
            <span className="hidden shrink-0 truncate text-sm text-muted sm:block">{command.description}</span>
          </Cmdk.Item>
        );
      })}
    </Cmdk.List>
  );
}
