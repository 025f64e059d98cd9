import type { LucideIcon } from 'lucide-react';
import BookOpen from 'lucide-react/icons/book-open';
import Compass from 'lucide-react/icons/compass';
import Download from 'lucide-react/icons/download';
import Heart from 'lucide-react/icons/heart';
import Highlighter from 'lucide-react/icons/highlighter';
import Inbox from 'lucide-react/icons/inbox';
import Newspaper from 'lucide-react/icons/newspaper';
import Plus from 'lucide-react/icons/plus';
import Rss from 'lucide-react/icons/rss';
import Search from 'lucide-react/icons/search';
import Settings from 'lucide-react/icons/settings';
import Share2 from 'lucide-react/icons/share-2';
import User from 'lucide-react/icons/user';
import Users from 'lucide-react/icons/users';

/** The palette shows at most ten results. */
export const PALETTE_RESULTS_MAX = 10;

/** Where a command goes: a path with its search, or something done on the page. */
export type CommandAction =
  | { kind: 'go'; to: string; search?: Record<string, string> }
  | { kind: 'focusSearch' }
  | { kind: 'addFeed' }
  | { kind: 'subscribe'; url: string };

export type Command = {
  id: string;
  title: string;
  description: string;
  keywords: readonly string[];
  icon: LucideIcon;
  action: CommandAction;
};

const go = (to: string, search?: Record<string, string>): CommandAction => ({ kind: 'go', to, search });

/** The navigation commands that every screen has: the app's places. */
export const NAVIGATION_COMMANDS: readonly Command[] = [
  {
    id: 'go-shared',
    title: 'Go to Shared',
    description: 'Shares of the people you follow',
    keywords: ['shares', 'home', 'feed'],
    icon: Share2,
    action: go('/shares'),
  },
  {
    id: 'go-all',
    title: 'All Articles',
    description: 'Every article of your feeds',
    keywords: ['articles', 'list', 'read'],
    icon: Newspaper,
    action: go('/articles', { filter: 'all' }),
  },
  {
    id: 'go-unread',
    title: 'Unread Articles',
    description: 'Articles you have not read yet',
    keywords: ['new', 'inbox'],
    icon: Inbox,
    action: go('/articles', { filter: 'unread' }),
  },
  {
    id: 'go-liked',
    title: 'Liked Articles',
    description: 'Articles you liked',
    keywords: ['favourites', 'favorites', 'hearts'],
    icon: Heart,
    action: go('/articles', { filter: 'liked' }),
  },
  {
    id: 'go-highlights',
    title: 'Highlights',
    description: 'The passages you highlighted, with your notes',
    keywords: ['highlights', 'notes', 'quotes', 'annotations'],
    icon: Highlighter,
    action: go('/highlights'),
  },
  {
    id: 'go-digest',
    title: 'Weekly Digests',
    description: 'Your weekly reading digests',
    keywords: ['digest', 'summary', 'week'],
    icon: BookOpen,
    action: go('/digest'),
  },
  {
    id: 'go-users',
    title: 'Users Directory',
    description: 'Everyone on this instance',
    keywords: ['people', 'members', 'profiles'],
    icon: Users,
    action: go('/users'),
  },
  {
    id: 'go-discover',
    title: 'Discover Feeds',
    description: 'Popular feeds and starter packs',
    keywords: ['subscribe', 'find', 'popular', 'starter packs'],
    icon: Compass,
    action: go('/discover'),
  },
  {
    id: 'go-settings',
    title: 'Settings',
    description: 'Your account, invites and preferences',
    keywords: ['account', 'profile', 'password', 'preferences'],
    icon: Settings,
    action: go('/settings'),
  },
  {
    id: 'go-export',
    title: 'Export Articles',
    description: 'Download articles as PDF or EPUB',
    keywords: ['pdf', 'epub', 'download'],
    icon: Download,
    action: go('/export'),
  },
];

/** Opens the Add Feed form, in the sidebar or the drawer. */
export const ADD_FEED_COMMAND: Command = {
  id: 'add-feed',
  title: 'Add Feed',
  description: 'Subscribe to a feed or website',
  keywords: ['subscribe', 'new', 'rss', 'atom', 'url', 'website'],
  icon: Plus,
  action: { kind: 'addFeed' },
};

/**
 * What was typed, when it reads as a web address (a scheme, or a dotted host without spaces and maybe a path) rather
 * than words: the palette then offers to subscribe to it.
 */
export function typedAddress(query: string): string | null {
  const typed = query.trim();
  if (/^https?:\/\/\S+$/i.test(typed)) return typed;
  return /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}(:\d+)?(\/\S*)?$/i.test(typed) ? typed : null;
}

/** The page's own entry: on /articles and /shares, one that focuses the page's search field. */
export function pageCommands(pathname: string): Command[] {
  const search = (title: string, description: string): Command => ({
    id: 'search-page',
    title,
    description,
    keywords: ['find', 'filter', 'query'],
    icon: Search,
    action: { kind: 'focusSearch' },
  });
  if (pathname === '/articles') return [search('Search Articles', 'Search the article list')];
  if (pathname === '/shares') return [search('Search Shared Articles', 'Search the shared articles')];
  return [];
}

export function feedCommand(feed: { feedId: string; title: string; url: string }): Command {
  return {
    id: `feed-${feed.feedId}`,
    title: feed.title,
    description: 'Feed',
    keywords: [feed.url],
    icon: Rss,
    action: go('/articles', { feed: feed.feedId, filter: 'all' }),
  };
}

export function userCommand(user: { id: string; username: string; displayName: string | null | undefined }): Command {
  return {
    id: `user-${user.id}`,
    title: user.displayName || user.username,
    description: `@${user.username}`,
    keywords: ['user', 'profile'],
    icon: User,
    action: go(`/user/${user.id}`),
  };
}

/**
 * What the palette lists for `query`: the matching commands, and, when the query is a web address, 'Subscribe to'
 * it last (after the feeds already followed at that address), within the ten.
 */
export function paletteResults(commands: readonly Command[], query: string): Command[] {
  const address = typedAddress(query);
  if (!address) return matchCommands(commands, query);
  const subscribe: Command = {
    id: 'subscribe-address',
    title: `Subscribe to ${address}`,
    description: 'Add this feed or website',
    keywords: [],
    icon: Plus,
    action: { kind: 'subscribe', url: address },
  };
  return [...matchCommands(commands, query).slice(0, PALETTE_RESULTS_MAX - 1), subscribe];
}

/**
 * The commands matching `query`: every word of it, case-insensitively, in the title, description or keywords; the
 * page's entry and titles that start with the query first; at most PALETTE_RESULTS_MAX.
 */
export function matchCommands(commands: readonly Command[], query: string): Command[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const text = (command: Command) => [command.title, command.description, ...command.keywords].join(' ').toLowerCase();
  const matches = commands.filter((command) => words.every((word) => text(command).includes(word)));
  const first = query.trim().toLowerCase();
  const rank = (command: Command) => (first && command.title.toLowerCase().startsWith(first) ? 0 : 1);
  return matches
    .map((command, index) => ({ command, index }))
    .sort((a, b) => rank(a.command) - rank(b.command) || a.index - b.index)
    .slice(0, PALETTE_RESULTS_MAX)
    .map(({ command }) => command);
}
