import { describe, expect, it, vi } from 'vitest';
import { addFeedReducer, emptyAddFeed, foundLegend, subscribeFailureText, subscribeUrl, type FeedCandidate } from './detectFeeds';
import { emitFeedsChanged, onFeedsChanged } from './feedsChanged';
import { refreshAllMessage } from './refreshAll';

const rss: FeedCandidate = {
  url: 'https://example.com/feed.xml',
  title: 'Example',
  description: 'News',
  subscribed: false,
};
const atom: FeedCandidate = {
  url: 'https://example.com/atom.xml',
  title: 'Example (Atom)',
  description: '',
  subscribed: false,
};

describe('the Add Feed form', () => {
  const typed = addFeedReducer(emptyAddFeed, {
    type: 'typed',
    url: 'https://example.com',
  });

  it('chooses the only feed found for the user', () => {
    const state = addFeedReducer(typed, {
      type: 'detected',
      url: 'https://example.com',
      found: [rss],
    });
    expect(state.selected).toBe(rss.url);
    expect(subscribeUrl(state)).toBe(rss.url);
  });

  it('offers several feeds without choosing one, then takes the one picked', () => {
    let state = addFeedReducer(typed, {
      type: 'detected',
      url: 'https://example.com',
      found: [rss, atom],
    });
    expect(state).toMatchObject({ found: [rss, atom], selected: null });
    expect(subscribeUrl(state)).toBe('https://example.com');
    state = addFeedReducer(state, { type: 'chose', url: atom.url });
    expect(subscribeUrl(state)).toBe(atom.url);
    expect(addFeedReducer(state, { type: 'chose', url: 'https://elsewhere.test/' })).toBe(state);
  });

  it('clears the found feeds and the choice when the URL changes', () => {
    const found = addFeedReducer(typed, {
      type: 'detected',
      url: 'https://example.com',
      found: [rss],
    });
    expect(addFeedReducer(found, { type: 'typed', url: 'https://example.org' })).toEqual({
      url: 'https://example.org',
      found: [],
      selected: null,
    });
    expect(addFeedReducer(found, { type: 'typed', url: 'https://example.com' })).toBe(found);
  });

  it('chooses the one feed not yet followed, and never a followed one', () => {
    const followedRss = { ...rss, subscribed: true };
    let state = addFeedReducer(typed, { type: 'detected', url: 'https://example.com', found: [followedRss, atom] });
    expect(state.selected).toBe(atom.url);
    expect(addFeedReducer(state, { type: 'chose', url: rss.url })).toBe(state);
    state = addFeedReducer(typed, { type: 'detected', url: 'https://example.com', found: [followedRss] });
    expect(state.selected).toBeNull();
    expect(foundLegend([followedRss])).toBe('Feed found — you follow it');
    expect(foundLegend([followedRss, { ...atom, subscribed: true }])).toBe('2 feeds found — you follow them all');
    expect(foundLegend([followedRss, atom])).toBe('2 feeds found');
    expect(foundLegend([rss, atom])).toBe('2 feeds found — choose one');
    expect(foundLegend([rss])).toBe('Feed found');
  });

  it('drops an answer for an address that has since been edited', () => {
    const edited = addFeedReducer(typed, {
      type: 'typed',
      url: 'https://example.org',
    });
    expect(
      addFeedReducer(edited, {
        type: 'detected',
        url: 'https://example.com',
        found: [rss],
      }),
    ).toBe(edited);
  });

  it('subscribes to the trimmed typed URL when nothing was detected, and clears after subscribing', () => {
    const spaced = addFeedReducer(emptyAddFeed, {
      type: 'typed',
      url: '  https://example.com/rss  ',
    });
    expect(subscribeUrl(spaced)).toBe('https://example.com/rss');
    expect(addFeedReducer(spaced, { type: 'subscribed' })).toEqual(emptyAddFeed);
  });

  it("says 'Already subscribed to this feed' when the server says so, else its message or 'Failed to subscribe'", () => {
    expect(subscribeFailureText('You are already subscribed')).toBe('Already subscribed to this feed');
    expect(subscribeFailureText('No RSS feeds found at this URL')).toBe('No RSS feeds found at this URL');
    expect(subscribeFailureText(undefined)).toBe('Failed to subscribe');
    expect(subscribeFailureText(' ')).toBe('Failed to subscribe');
  });
});

describe('refresh all', () => {
  it('counts new articles in the singular and the plural', () => {
    expect(refreshAllMessage({ articlesAdded: 1, alreadyRunning: false, failedFeeds: [] })).toEqual({
      kind: 'success',
      text: 'Found 1 new article',
    });
    expect(refreshAllMessage({ articlesAdded: 12, alreadyRunning: false, failedFeeds: [] })).toEqual({
      kind: 'success',
      text: 'Found 12 new articles',
    });
  });

  it('says all feeds are up to date when nothing is new, and only a quiet note when a refresh was already running', () => {
    expect(refreshAllMessage({ articlesAdded: 0, alreadyRunning: false, failedFeeds: [] })).toEqual({
      kind: 'success',
      text: 'All feeds are up to date',
    });
    expect(refreshAllMessage({ articlesAdded: 0, alreadyRunning: true, failedFeeds: [] })).toEqual({
      kind: 'info',
      text: 'Feeds are already being refreshed',
    });
  });

  it('puts failed feeds first, never "up to date", naming a few of them and what was new elsewhere', () => {
    const feeds = (...titles: string[]) => titles.map((title) => ({ title }));
    expect(refreshAllMessage({ articlesAdded: 0, alreadyRunning: false, failedFeeds: feeds('Broken') })).toEqual({
      kind: 'error',
      text: '1 feed failed to refresh',
      description: 'Broken.',
    });
    expect(refreshAllMessage({ articlesAdded: 3, alreadyRunning: false, failedFeeds: feeds('A', 'B') })).toEqual({
      kind: 'error',
      text: '2 feeds failed to refresh',
      description: 'A and B. Found 3 new articles.',
    });
    expect(refreshAllMessage({ articlesAdded: 0, alreadyRunning: false, failedFeeds: feeds('A', 'B', 'C', 'D', 'E') }).description).toBe(
      'A, B, C and 2 more.',
    );
  });

  it("tells every listener of 'feeds changed' until it stops listening", () => {
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = onFeedsChanged(first);
    const stopSecond = onFeedsChanged(second);
    emitFeedsChanged();
    stopFirst();
    emitFeedsChanged();
    stopSecond();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
  });
});
