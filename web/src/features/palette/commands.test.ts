import { describe, expect, it } from 'vitest';
import {
  ADD_FEED_COMMAND,
  feedCommand,
  matchCommands,
  NAVIGATION_COMMANDS,
  pageCommands,
  paletteResults,
  PALETTE_RESULTS_MAX,
  typedAddress,
  userCommand,
} from './commands';

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
      'Highlights',
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

  it('reads a typed web address, not words, as something to subscribe to', () => {
    expect(typedAddress('  https://blog.example.org/feed.xml ')).toBe('https://blog.example.org/feed.xml');
    expect(typedAddress('example.com')).toBe('example.com');
    expect(typedAddress('news.example.org:8080/rss?lang=en')).toBe('news.example.org:8080/rss?lang=en');
    expect(typedAddress('add feed')).toBeNull();
    expect(typedAddress('settings')).toBeNull();
    expect(typedAddress('ada.')).toBeNull();
    expect(typedAddress('javascript:alert(1)')).toBeNull();
  });

  it('offers Add Feed by its words, and subscribing to a typed address last, within the ten', () => {
    const all = [ADD_FEED_COMMAND, ...NAVIGATION_COMMANDS, ...feeds];
    expect(paletteResults(all, 'subscribe').map((command) => command.id)).toEqual(['add-feed', 'go-discover']);
    expect(paletteResults(all, 'rss')[0]!.id).toBe('add-feed');
    const forAddress = paletteResults(all, 'news3.example.org');
    expect(forAddress.map((command) => command.id)).toEqual(['feed-f3', 'subscribe-address']);
    expect(forAddress[1]).toMatchObject({
      title: 'Subscribe to news3.example.org',
      action: { kind: 'subscribe', url: 'news3.example.org' },
    });
    expect(paletteResults(all, 'example.org')).toHaveLength(PALETTE_RESULTS_MAX);
    expect(paletteResults(all, 'example.org').at(-1)!.id).toBe('subscribe-address');
  });
});
