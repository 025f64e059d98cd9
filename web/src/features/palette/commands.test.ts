import { describe, expect, it } from 'vitest';
import { feedCommand, matchCommands, NAVIGATION_COMMANDS, pageCommands, PALETTE_RESULTS_MAX, userCommand } from './commands';

const feeds = Array.from({ length: 15 }, (_unused, index) =>
  feedCommand({ feedId: `f${index}`, title: `Science weekly ${index}`, url: `https://news${index}.example.org/feed` }),
);

describe('the command palette commands', () => {
  it("holds the app's places", () => {
    expect(NAVIGATION_COMMANDS.map((command) => command.title)).toEqual([
      'Go to Shared',
      'All Articles',
      'Unread Articles',
      'Liked Articles',
      'Weekly Digests',
      'Users Directory',
      'Discover Feeds',
      'Settings',
      'Export Articles',
    ]);
  });

  it('offers the page search only on /articles and /shares', () => {
    expect(pageCommands('/articles').map((command) => command.title)).toEqual(['Search Articles']);
    expect(pageCommands('/shares').map((command) => command.title)).toEqual(['Search Shared Articles']);
    expect(pageCommands('/users')).toEqual([]);
  });

  it('matches title, description and keywords case-insensitively', () => {
    const all = [...NAVIGATION_COMMANDS, userCommand({ id: 'u1', username: 'ada', displayName: 'Ada Lovelace' })];
    expect(matchCommands(all, 'DISCOVER').map((command) => command.id)).toEqual(['go-discover']);
    expect(matchCommands(all, 'epub').map((command) => command.id)).toEqual(['go-export']);
    expect(matchCommands(all, '@ada').map((command) => command.id)).toEqual(['user-u1']);
    expect(matchCommands(all, 'lovelace ada').map((command) => command.id)).toEqual(['user-u1']);
    expect(matchCommands(all, 'nothing like this')).toEqual([]);
  });

  it('shows at most ten, titles starting with the query first', () => {
    expect(matchCommands([...NAVIGATION_COMMANDS, ...feeds], '')).toHaveLength(PALETTE_RESULTS_MAX);
    expect(matchCommands(feeds, 'science')).toHaveLength(PALETTE_RESULTS_MAX);
    const liked = matchCommands(NAVIGATION_COMMANDS, 'liked');
    expect(liked[0]!.id).toBe('go-liked');
  });
});
