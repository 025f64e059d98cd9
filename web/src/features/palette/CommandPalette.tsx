import * as Dialog from '@radix-ui/react-dialog';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { Command as Cmdk } from 'cmdk';
import Search from 'lucide-react/icons/search';
import { Suspense, useDeferredValue, useMemo, useRef, useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { cx } from '../../ui/cx';
import { dialogOverlayClass } from '../../ui/dialog';
import { requestAddFeed } from '../feeds/addFeedRequest';
import { useSubscribeToFeed } from '../feeds/useSubscribeToFeed';
import { focusSearchField } from '../keyboard/searchFocus';
import type { CommandPaletteFeedsQuery } from './__generated__/CommandPaletteFeedsQuery.graphql';
import type { CommandPaletteUsersQuery } from './__generated__/CommandPaletteUsersQuery.graphql';
import {
  ADD_FEED_COMMAND,
  feedCommand,
  NAVIGATION_COMMANDS,
  pageCommands,
  paletteResults,
  userCommand,
  type Command,
  type CommandAction,
} from './commands';

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
 * arrows move, Enter runs, Escape closes. The commands: the app's places, the page's search, Add Feed, each
 * subscribed feed (loaded as the palette opens) and the users matching what is typed (asked of the server as one
 * types, the previous results staying until the new ones arrive); the rest are there at once. A typed web address
 * can be subscribed to from here: the palette stays open while it is, and then shows the feed's articles.
 */
export default function CommandPalette({ onClose }: { onClose: () => void }) {
  const [search, setSearch] = useState('');
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const pending = useRef<CommandAction | null>(null);
  const staticCommands = useMemo(() => [...pageCommands(pathname), ADD_FEED_COMMAND, ...NAVIGATION_COMMANDS], [pathname]);
  const [subscribe, subscribing] = useSubscribeToFeed();

  const run = (command: Command) => {
    const { action } = command;
    if (action.kind === 'subscribe') {
      if (subscribing) return;
      return subscribe(action.url, (subscription) => {
        void navigate({ to: '/articles', search: { feed: subscription.feed.id, filter: 'all' } });
        onClose();
      });
    }
    pending.current = action;
    if (action.kind === 'go') void navigate({ to: action.to, search: action.search ?? {} });
    onClose();
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // The page's search field or the Add Feed field takes the focus, not the element that had it before.
            const action = pending.current?.kind;
            if (action !== 'focusSearch' && action !== 'addFeed') return;
            event.preventDefault();
            if (action === 'addFeed') requestAddFeed();
            else if (!focusSearchField()) void navigate({ to: '/articles' });
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
            <Suspense fallback={<Results commands={paletteResults(staticCommands, search)} busy={subscribing} onRun={run} />}>
              <ResultsWithData staticCommands={staticCommands} search={search} busy={subscribing} onRun={run} />
            </Suspense>
          </Cmdk>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

type ResultsProps = {
  /** A typed address is being subscribed to: its entry says so. */
  busy: boolean;
  onRun: (command: Command) => void;
};

function ResultsWithData({ staticCommands, search, ...results }: ResultsProps & { staticCommands: Command[]; search: string }) {
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
  return <Results commands={paletteResults(commands, search)} {...results} />;
}

function Results({ commands, busy, onRun }: ResultsProps & { commands: Command[] }) {
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
            <span className="hidden shrink-0 truncate text-sm text-muted sm:block">
              {busy && command.action.kind === 'subscribe' ? 'Subscribing…' : command.description}
            </span>
          </Cmdk.Item>
        );
      })}
    </Cmdk.List>
  );
}
