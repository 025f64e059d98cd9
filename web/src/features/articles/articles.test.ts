import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scopeNames } from './articleListScope';
import { startVisibleRefresh } from './autoRefresh';
import { loadFailureReason } from '../../ui/loadFailureReason';
import { articleListSearch, articlesPlace, compactSearch, isBareSearch, listVariables, COUNT_UP_TO } from './listSearch';
import { countLine, currentCount, emptyMessage, listCount, markAllReadMessage, markedReadToast } from './listSummary';
import { loadSavedView, saveView } from './savedView';
import { toggledLike } from './likeToggle';
import { shortAge } from './shortAge';

describe('count line', () => {
  it("says 'N unread article(s)', 'N liked article(s)' or 'N article(s)', singular for one", () => {
    expect(countLine('unread', 0)).toBe('0 unread articles');
    expect(countLine('unread', 1)).toBe('1 unread article');
    expect(countLine('liked', 1)).toBe('1 liked article');
    expect(countLine('liked', 2)).toBe('2 liked articles');
    expect(countLine('starred', 1)).toBe('1 starred article');
    expect(countLine('all', 1)).toBe('1 article');
    expect(countLine('all', 1234)).toBe('1,234 articles');
    expect(countLine('hidden', 2)).toBe('2 articles hidden by your rules');
  });

  it("says 'N+' when a search's count stopped at N, and reads an answer past the limit as more", () => {
    expect(countLine('all', 1000, true)).toBe('1,000+ articles');
    expect(countLine('unread', 1000, true)).toBe('1,000+ unread articles');
    const partly = { rows: 100, hasMore: true };
    expect(listCount(1001, 1000, partly)).toEqual({ n: 1000, more: true });
    expect(listCount(1000, 1000, partly)).toEqual({ n: 1000, more: false });
    expect(listCount(5000, null, partly)).toEqual({ n: 5000, more: false });
    // Every row loaded: they are the count.
    expect(listCount(1001, 1000, { rows: 1040, hasMore: false })).toEqual({ n: 1040, more: false });
    // A search's count asked apart and not answered yet: unknown while rows remain, else the rows.
    expect(listCount(undefined, 1000, partly)).toBeNull();
    expect(listCount(null, 1000, { rows: 12, hasMore: false })).toEqual({ n: 12, more: false });
  });

  it('leaves out rows read (unread list), unliked (liked list) or unstarred (starred list) since the server counted', () => {
    const rows = [
      { isRead: true, isLiked: false, starred: true },
      { isRead: false, isLiked: true, starred: false },
      { isRead: false, isLiked: true, starred: false },
    ];
    expect(currentCount('unread', 10, rows)).toBe(9);
    expect(currentCount('liked', 10, rows)).toBe(9);
    expect(currentCount('starred', 10, rows)).toBe(8);
    expect(currentCount('all', 10, rows)).toBe(10);
    expect(currentCount('unread', 0, rows)).toBe(0);
  });
});

describe('empty list', () => {
  it('explains itself for each filter', () => {
    expect(emptyMessage('unread', null)).toEqual({ title: 'No articles found', detail: 'All articles have been read' });
    expect(emptyMessage('liked', null).detail).toBe('No liked articles yet');
    expect(emptyMessage('starred', null).detail).toMatch(/^No starred articles yet/);
    expect(emptyMessage('all', null).detail).toBe('No articles available');
  });

  it('names the search that found nothing', () => {
    expect(emptyMessage('all', 'zebra').detail).toBe('No articles match “zebra”. Try other words.');
    expect(emptyMessage('unread', 'zebra').detail).toBe('No unread articles match “zebra”. Try other words.');
  });
});

describe('mark all read', () => {
  it('says what the confirmation affects: the feed, the folder, or every feed', () => {
    expect(markAllReadMessage({ feedTitle: 'Daily' })).toContain('“Daily”');
    expect(markAllReadMessage({ folderName: 'Tech' })).toContain('folder “Tech”');
    expect(markAllReadMessage({})).toBe('Mark every unread article of all your feeds as read?');
  });

  it("reports 'Marked N articles as read'", () => {
    expect(markedReadToast(3)).toBe('Marked 3 articles as read');
    expect(markedReadToast(1)).toBe('Marked 1 article as read');
  });
});

describe('list search', () => {
  it('turns the URL into the query arguments: unread by default, search text trimmed', () => {
    expect(listVariables({})).toEqual({ filter: 'UNREAD', feedId: null, folderId: null, search: null, countUpTo: null, countApart: false });
    // A search's count stops at COUNT_UP_TO and is asked apart from its rows; All's stops there too, asked with them.
    expect(listVariables({ filter: 'liked', feed: 'RmVlZDox', q: '  rust  ' })).toEqual({
      filter: 'LIKED',
      feedId: 'RmVlZDox',
      folderId: null,
      search: 'rust',
      countUpTo: COUNT_UP_TO,
      countApart: true,
    });
    expect(listVariables({ filter: 'all', folder: 'Rm9sZGVyOjE=' })).toMatchObject({ countUpTo: COUNT_UP_TO, countApart: false });
    expect(listVariables({ filter: 'starred' })).toMatchObject({ countUpTo: null, countApart: false });
    expect(listVariables({ filter: 'circle' })).toMatchObject({ filter: 'CIRCLE', countUpTo: COUNT_UP_TO, countApart: false });
    expect(listVariables({ q: '   ' })).toMatchObject({ search: null, countUpTo: null, countApart: false });
  });

  it('knows a bare /articles from one with a view', () => {
    expect(isBareSearch({})).toBe(true);
    expect(isBareSearch({ q: '' })).toBe(true);
    expect(isBareSearch({ filter: 'all' })).toBe(false);
    expect(compactSearch({ filter: 'all', feed: undefined, q: '' })).toEqual({ filter: 'all' });
  });

  it('reads a malformed URL value as absent and keeps the valid ones', () => {
    expect(articleListSearch({ filter: 'everything', feed: '', folder: 7, q: 'rust', page: 2 })).toEqual({ q: 'rust' });
    expect(articleListSearch({ filter: 'starred', feed: 'RmVlZDox' })).toEqual({ filter: 'starred', feed: 'RmVlZDox' });
    expect(articleListSearch('filter=all')).toEqual({});
  });

  it('reads the article open beside the list apart from the list, which it never changes', () => {
    const place = articlesPlace({ filter: 'all', article: 'QXJ0aWNsZTox' });
    expect(place).toEqual({ filter: 'all', article: 'QXJ0aWNsZTox' });
    expect(articleListSearch(place)).toEqual({ filter: 'all' });
    expect(listVariables(place)).toEqual(listVariables({ filter: 'all' }));
    expect(articlesPlace({ filter: 'all', article: '' })).toEqual({ filter: 'all' });
  });
});

describe('saved view', () => {
  beforeEach(() => localStorage.clear());

  it('gives back the last view of the same user only', () => {
    saveView(localStorage, 'u1', { filter: 'all', feed: 'RmVlZDox', q: 'rust' });
    expect(loadSavedView(localStorage, 'u1')).toEqual({ filter: 'all', feed: 'RmVlZDox', q: 'rust' });
    expect(loadSavedView(localStorage, 'u2')).toBeNull();
  });

  it('does not keep the liked view, which has its own link', () => {
    saveView(localStorage, 'u1', { filter: 'all' });
    saveView(localStorage, 'u1', { filter: 'liked' });
    expect(loadSavedView(localStorage, 'u1')).toEqual({ filter: 'all' });
  });

  it('does not keep the hidden list, a look behind the rules', () => {
    saveView(localStorage, 'u1', { filter: 'unread', feed: 'RmVlZDox' });
    saveView(localStorage, 'u1', { filter: 'hidden', feed: 'RmVlZDox' });
    expect(loadSavedView(localStorage, 'u1')).toEqual({ filter: 'unread', feed: 'RmVlZDox' });
  });

  it('reads malformed or foreign values as nothing, or as their valid part', () => {
    localStorage.setItem('tidings.articles.view.u1', '{not json');
    expect(loadSavedView(localStorage, 'u1')).toBeNull();
    localStorage.setItem('tidings.articles.view.u1', JSON.stringify({ filter: 'everything', folder: 'Rm9sZGVyOjE=' }));
    expect(loadSavedView(localStorage, 'u1')).toEqual({ folder: 'Rm9sZGVyOjE=' });
    localStorage.setItem('tidings.articles.view.u1', JSON.stringify({ filter: 42 }));
    expect(loadSavedView(localStorage, 'u1')).toBeNull();
  });
});

describe('scope names', () => {
  const tree = {
    folders: [{ id: 'Rm9sZGVyOjE=', name: 'Tech', subscriptions: [{ title: 'My Daily', feed: { id: 'RmVlZDox' } }] }],
    rootSubscriptions: [{ title: 'Root Feed', feed: { id: 'RmVlZDoy' } }],
  };

  it("uses the viewer's own feed title and folder name", () => {
    expect(scopeNames(tree, { feedId: 'RmVlZDox', folderId: null })).toEqual({ feedTitle: 'My Daily' });
    expect(scopeNames(tree, { feedId: 'RmVlZDoy', folderId: null })).toEqual({ feedTitle: 'Root Feed' });
    expect(scopeNames(tree, { feedId: null, folderId: 'Rm9sZGVyOjE=' })).toEqual({ folderName: 'Tech' });
    expect(scopeNames(tree, { feedId: null, folderId: null })).toEqual({});
  });
});

describe('like toggle', () => {
  it('flips the flag and moves the like count by one, never below zero', () => {
    const counts = { comments: 2, shares: 1, likes: 4 };
    expect(toggledLike({ id: 'a', isLiked: false, counts })).toEqual({
      __typename: 'Article',
      id: 'a',
      isLiked: true,
      counts: { ...counts, likes: 5 },
    });
    expect(toggledLike({ id: 'a', isLiked: true, counts }).counts.likes).toBe(3);
    expect(toggledLike({ id: 'a', isLiked: true, counts: { ...counts, likes: 0 } }).counts.likes).toBe(0);
  });
});

describe('visible refresh', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function fakeDocument(visibilityState: DocumentVisibilityState) {
    const target = new EventTarget() as EventTarget & { visibilityState: DocumentVisibilityState };
    target.visibilityState = visibilityState;
    const show = (state: DocumentVisibilityState) => {
      target.visibilityState = state;
      target.dispatchEvent(new Event('visibilitychange'));
    };
    return { target, show };
  }

  it('reloads every interval while visible, pauses while hidden, and catches up on return', () => {
    const load = vi.fn();
    const { target, show } = fakeDocument('visible');
    const stop = startVisibleRefresh({ load, intervalMs: 1000, target, now: () => Date.now() });
    vi.advanceTimersByTime(2000);
    expect(load).toHaveBeenCalledTimes(2);
    show('hidden');
    vi.advanceTimersByTime(5000);
    expect(load).toHaveBeenCalledTimes(2);
    show('visible');
    expect(load).toHaveBeenCalledTimes(3);
    stop();
    vi.advanceTimersByTime(5000);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('does not reload on return when the last reload is recent', () => {
    const load = vi.fn();
    const { target, show } = fakeDocument('visible');
    startVisibleRefresh({ load, intervalMs: 1000, target, now: () => Date.now() });
    show('hidden');
    vi.advanceTimersByTime(300);
    show('visible');
    expect(load).not.toHaveBeenCalled();
  });
});

describe('load failure reason', () => {
  it("gives the server's message rather than Relay's wrapper", () => {
    const relayError = Object.assign(new Error('No data returned for operation `loadArticlesQuery`'), {
      source: { errors: [{ message: 'Feed not found' }] },
    });
    expect(loadFailureReason(relayError)).toBe('Feed not found');
    expect(loadFailureReason(new Error('Request failed'))).toBe('Request failed');
    expect(loadFailureReason('nope')).toBeUndefined();
  });

  it('words a masked server error plainly', () => {
    const masked = Object.assign(new Error('No data returned'), { source: { errors: [{ message: 'Unexpected error.' }] } });
    expect(loadFailureReason(masked)).toBe('Tidings ran into a problem on its side. Try again in a moment.');
  });
});

describe('compact row age', () => {
  it('says now, minutes, hours and days in a few characters, then the date', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
    expect(shortAge(ago(0), now)).toBe('now');
    expect(shortAge(ago(5), now)).toBe('5m');
    expect(shortAge(ago(3 * 60), now)).toBe('3h');
    expect(shortAge(ago(2 * 24 * 60), now)).toBe('2d');
    expect(shortAge(new Date('2026-03-10T12:00:00Z'), now)).toBe('Mar 10');
    expect(shortAge(new Date('2025-03-10T12:00:00Z'), now)).toBe('Mar 10, 2025');
  });
});
