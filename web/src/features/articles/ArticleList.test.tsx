import { act, cleanup, configure, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { GraphQLResponse, Variables } from 'relay-runtime';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notify } from '../../ui/toast';
import { emitArticlesArrived } from '../feeds/articlesArrived';
import { createMockEnvironment } from '../../test/relayEnvironment';
import { renderWithRouter } from '../../test/renderWithRouter';
import { ArticlesScreen } from './ArticlesScreen';
import type { ArticleListSearch } from './listSearch';
import { useReadingContext } from './readingContext';

type ArticleFields = { id: string; isRead?: boolean; isLiked?: boolean; starred?: boolean; likes?: number };

const article = ({ id, isRead = false, isLiked = false, starred = false, likes = 0 }: ArticleFields) => ({
  __typename: 'Article',
  id,
  title: `Title of ${id}`,
  url: `https://news.example/${id}`,
  excerpt: `Excerpt of ${id}`,
  imageUrl: null,
  publishedAt: '2026-01-02T10:00:00.000Z',
  feedTitle: 'Example News',
  isRead,
  isLiked,
  starred,
  enclosures: [],
  alsoIn: [],
  circle: { sharedBy: [], commentedBy: [], sharedByCount: 0, commentedByCount: 0 },
  feed: { id: 'RmVlZDox' },
  counts: { comments: 0, shares: 0, likes },
});

/**
 * The screen query's answer: these articles, from a reader who follows one feed unless `following` is false, whose
 * rules hide `hidden` articles of the scope.
 */
function listAnswer(articles: ArticleFields[], { following = true, hidden = 0, totalCount = articles.length, hasNextPage = false } = {}) {
  return (_variables: Variables): GraphQLResponse => ({
    data: {
      folders: [],
      rootSubscriptions: following ? [{ id: 'U3ViOjE=', title: 'Example News', feed: { id: 'RmVlZDox' } }] : [],
      viewer: { id: 'VXNlcjox', articleDensity: 'cards' },
      articles: {
        totalCount,
        pageInfo: { endCursor: articles.at(-1)?.id ?? null, hasNextPage },
        edges: articles.map((fields) => ({ cursor: fields.id, node: article(fields) })),
      },
      hiddenArticles: { totalCount: hidden },
    },
  });
}

function showList(
  articles: ArticleFields[],
  search: ArticleListSearch = {},
  options?: { following?: boolean; hidden?: number; totalCount?: number; hasNextPage?: boolean },
) {
  const relay = createMockEnvironment({ loadArticlesQuery: listAnswer(articles, options) });
  const view = renderWithRouter(<ArticlesScreen search={search} fetchKey={0} />, { environment: relay.environment });
  return { ...relay, ...view };
}

const rowOf = (title: string) => screen.getByRole('article', { name: title });
const press = (key: string) => act(() => void fireEvent.keyDown(window, { key }));

beforeAll(() => {
  // The first render loads the screen's modules; a busy 2-core machine may take seconds.
  configure({ asyncUtilTimeout: 5_000 });
  // jsdom lays nothing out: no scrolling into view, no intersections (the list's "load more" never fires).
  Element.prototype.scrollIntoView = () => {};
  globalThis.IntersectionObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  } as unknown as typeof IntersectionObserver;
});

afterAll(() => configure({ asyncUtilTimeout: 1_000 }));

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('the article list', () => {
  it('draws one row per article of the query, in its order, with the count of the filter', async () => {
    const { sent } = showList([{ id: 'a1' }, { id: 'a2', isRead: true }, { id: 'a3', starred: true }], { filter: 'all' });
    const list = await screen.findByRole('list', { name: 'Articles' });
    expect(within(list).getAllByRole('article')).toHaveLength(3);
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(['Title of a1', 'Title of a2', 'Title of a3']);
    expect(within(rowOf('Title of a3')).getByRole('button', { name: 'Unstar' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(rowOf('Title of a1')).getByRole('link', { name: 'Title of a1' }).getAttribute('href')).toBe('/article/a1');
    expect(sent).toEqual([
      {
        name: 'loadArticlesQuery',
        variables: { filter: 'ALL', feedId: null, folderId: null, search: null, countUpTo: 1000, countApart: false, first: 30 },
      },
    ]);
  });

  it('asks a search to count up to 1,000 apart from its rows, All up to 1,000 with them, and says 1,000+ when there are more; other lists count them all', async () => {
    const search = showList([{ id: 'a1' }], { filter: 'all', q: 'council' }, { totalCount: 1001, hasNextPage: true });
    await screen.findByRole('list', { name: 'Articles' });
    // The rows show before the count, whose line keeps its place meanwhile.
    expect(screen.queryByText(/^[\d,]+\+? articles?$/)).toBeNull();
    expect(search.sent.map(({ name }) => name)).toEqual(['loadArticlesQuery', 'searchCountQuery']);
    expect(search.sent[0]).toMatchObject({ variables: { search: 'council', countUpTo: 1000, countApart: true } });
    expect(search.sent[1]).toMatchObject({ variables: { filter: 'ALL', search: 'council', countUpTo: 1000 } });
    act(() => search.take('articles').resolve({ data: { articles: { totalCount: 1001 } } }));
    expect(await screen.findByText('1,000+ articles')).toBeTruthy();
    cleanup();
    // Every match on the first page: they are the count, and none is asked.
    const few = showList([{ id: 'a1' }, { id: 'a2' }], { filter: 'all', q: 'council' }, { totalCount: 1001 });
    expect(await screen.findByText('2 articles')).toBeTruthy();
    expect(few.sent.map(({ name }) => name)).toEqual(['loadArticlesQuery']);
    cleanup();
    const all = showList([{ id: 'a1' }], { filter: 'all' }, { totalCount: 1001, hasNextPage: true });
    expect(await screen.findByText('1,000+ articles')).toBeTruthy();
    expect(all.sent.map(({ name }) => name)).toEqual(['loadArticlesQuery']);
    expect(all.sent[0]).toMatchObject({ variables: { search: null, countUpTo: 1000, countApart: false } });
    cleanup();
    const unread = showList([{ id: 'a1' }], { filter: 'unread' }, { totalCount: 1001, hasNextPage: true });
    expect(await screen.findByText('1,001 unread articles')).toBeTruthy();
    expect(unread.sent[0]).toMatchObject({ variables: { search: null, countUpTo: null, countApart: false } });
  });

  it("gives the reader a search's position before its count comes, and keeps the count through the pages it loads", async () => {
    const search = showList([{ id: 'a1' }, { id: 'a2' }], { filter: 'all', q: 'council' }, { hasNextPage: true });
    const context = renderHook(() => useReadingContext());
    await screen.findByRole('list', { name: 'Articles' });
    await waitFor(() => expect(context.result.current).toMatchObject({ articleIds: ['a1', 'a2'], total: 2, moreThanTotal: true }));
    act(() => search.take('totalCount').resolve({ data: { articles: { totalCount: 1001 } } }));
    await waitFor(() => expect(context.result.current).toMatchObject({ total: 1000, moreThanTotal: true }));
    // The reader steps past the loaded rows: the next page comes without a count, which the one answered stands for.
    act(() => context.result.current!.loadMore!());
    const next = search.take('articles');
    await act(async () => next.resolve(listAnswer([{ id: 'a1' }, { id: 'a2' }, { id: 'a3' }], { hasNextPage: true })(next.variables)));
    await waitFor(() => expect(context.result.current).toMatchObject({ articleIds: ['a1', 'a2', 'a3'], total: 1000, moreThanTotal: true }));
  });

  it('tells a reader who follows nothing yet so, and offers to add a feed or discover some', async () => {
    showList([], {}, { following: false });
    expect(await screen.findByText("You're not following any feeds yet")).toBeDefined();
    expect(screen.getByRole('button', { name: 'Add a feed' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Discover feeds' }).getAttribute('href')).toBe('/discover');
    expect(screen.queryByRole('list', { name: 'Articles' })).toBeNull();
  });

  it('says why a filter is empty for a reader who follows feeds: nothing starred yet', async () => {
    showList([], { filter: 'starred' });
    expect(await screen.findByText(/^No starred articles yet/)).toBeDefined();
    expect(screen.getByText('0 starred articles')).toBeDefined();
    expect(screen.queryByText("You're not following any feeds yet")).toBeNull();
  });

  it('says how many articles of its scope the rules hide, with a link to them, in the unread and all lists only', async () => {
    const { sent } = showList([{ id: 'a1' }], { feed: 'RmVlZDox' }, { hidden: 12 });
    const link = await screen.findByRole('link', { name: '12 hidden by your rules' });
    expect(new URL(link.getAttribute('href')!, 'http://x').searchParams.get('filter')).toBe('hidden');
    expect(new URL(link.getAttribute('href')!, 'http://x').searchParams.get('feed')).toBe('RmVlZDox');
    // One request: the count comes with the list.
    expect(sent.map(({ name }) => name)).toEqual(['loadArticlesQuery']);
    cleanup();
    showList([{ id: 'a1', starred: true }], { filter: 'starred' }, { hidden: 12 });
    await screen.findByText('1 starred article');
    expect(screen.queryByText(/hidden by your rules/)).toBeNull();
  });

  it('shows the hidden list as what it is, with the way back and to the rules', async () => {
    showList([{ id: 'a1' }, { id: 'a2' }], { filter: 'hidden' });
    expect(await screen.findByText('2 articles hidden by your rules')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Change your rules' }).getAttribute('href')).toBe('/settings#rules');
    expect(screen.getByRole('link', { name: 'Back to the list' })).toBeDefined();
    expect(screen.queryByRole('group', { name: 'Show articles' })).toBeNull();
  });
});

describe('the article list’s keys', () => {
  const selected = () => document.querySelector('[aria-current="true"]')?.getAttribute('data-article-id') ?? null;

  it('j and k move the selection through the rows, Escape clears it, Enter opens the selected article and marks it read', async () => {
    const { router, take, field } = showList([{ id: 'a1' }, { id: 'a2' }, { id: 'a3' }]);
    await screen.findByRole('list', { name: 'Articles' });
    press('j');
    expect(selected()).toBe('a1');
    press('j');
    press('j');
    press('j'); // stays on the last
    expect(selected()).toBe('a3');
    press('k');
    expect(selected()).toBe('a2');
    press('Escape');
    expect(selected()).toBeNull();

    press('j');
    press('Enter');
    await waitFor(() => expect(router.state.location.pathname).toBe('/article/a1'));
    await waitFor(() => expect(field('a1', 'isRead')).toBe(true));
    expect(take('markArticleRead').variables).toEqual({ id: 'a1' });
  });

  it('keys typed into a field are the field’s, not the list’s', async () => {
    showList([{ id: 'a1' }]);
    await screen.findByRole('list', { name: 'Articles' });
    const field = screen.getByRole('searchbox', { name: 'Search articles' });
    act(() => void fireEvent.keyDown(field, { key: 'j' }));
    expect(selected()).toBeNull();
  });

  it('a selection held for half a second marks its article read; one moved on sooner does not', async () => {
    const { take, pending, pendingFields } = showList([{ id: 'a1' }, { id: 'a2' }]);
    await screen.findByRole('list', { name: 'Articles' });
    press('j');
    press('j'); // a1 was selected for less than the dwell
    await waitFor(() => expect(pendingFields()).toContain('markArticleRead'), { timeout: 3_000 });
    expect(take('markArticleRead').variables).toEqual({ id: 'a2' });
    expect(pending).toEqual([]);
  });

  it('s stars, l likes and m marks read the selected article, each on screen before the server answers', async () => {
    const { take, field } = showList([{ id: 'a1' }, { id: 'a2' }]);
    await screen.findByRole('list', { name: 'Articles' });
    press('j');
    press('j');
    press('s');
    await waitFor(() => expect(within(rowOf('Title of a2')).getByRole('button', { name: 'Unstar' })).toBeDefined());
    expect(take('starArticle').variables).toEqual({ id: 'a2' });
    press('l');
    await waitFor(() => expect(within(rowOf('Title of a2')).getByRole('button', { name: 'Unlike' })).toBeDefined());
    expect(take('likeArticle').variables).toEqual({ id: 'a2' });
    press('m');
    await waitFor(() => expect(field('a2', 'isRead')).toBe(true));
    expect(take('markArticleRead').variables).toEqual({ id: 'a2' });
    expect(field('a1', 'starred')).toBe(false);
  });

  it('with nothing selected, s does nothing', async () => {
    const { pending } = showList([{ id: 'a1' }]);
    await screen.findByRole('list', { name: 'Articles' });
    press('s');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pending).toEqual([]);
    expect(within(rowOf('Title of a1')).getByRole('button', { name: 'Star' })).toBeDefined();
  });
});

describe('the row’s like and star (optimistic)', () => {
  it('a like shows at once with its count, and stays when the server agrees', async () => {
    const { take } = showList([{ id: 'a1', likes: 2 }]);
    fireEvent.click(within(await screen.findByRole('article', { name: 'Title of a1' })).getByRole('button', { name: 'Like' }));
    await waitFor(() => expect(within(rowOf('Title of a1')).getByRole('button', { name: 'Unlike' })).toBeDefined());
    expect(within(rowOf('Title of a1')).getByText('3 likes')).toBeDefined();
    const like = take('likeArticle');
    await act(async () =>
      like.resolve({
        data: { likeArticle: { __typename: 'Article', id: 'a1', isLiked: true, counts: { comments: 0, shares: 0, likes: 3 } } },
      }),
    );
    expect(within(rowOf('Title of a1')).getByRole('button', { name: 'Unlike' })).toBeDefined();
  });

  it('a star the server refuses is taken back, and a toast says the update failed', async () => {
    const failed = vi.spyOn(notify, 'error');
    const { take } = showList([{ id: 'a1' }]);
    fireEvent.click(within(await screen.findByRole('article', { name: 'Title of a1' })).getByRole('button', { name: 'Star' }));
    await waitFor(() => expect(within(rowOf('Title of a1')).getByRole('button', { name: 'Unstar' })).toBeDefined());
    const star = take('starArticle');
    await act(async () =>
      star.resolve({ data: { starArticle: { __typename: 'NotFoundError', __isError: 'NotFoundError', message: 'Article not found' } } }),
    );
    await waitFor(() => expect(within(rowOf('Title of a1')).getByRole('button', { name: 'Star' })).toBeDefined());
    expect(failed).toHaveBeenCalledWith('Failed to update article', expect.objectContaining({ description: 'Article not found' }));
    failed.mockRestore();
  });

  it('a like that never reaches the server is taken back', async () => {
    const { take } = showList([{ id: 'a1' }]);
    fireEvent.click(within(await screen.findByRole('article', { name: 'Title of a1' })).getByRole('button', { name: 'Like' }));
    await waitFor(() => expect(within(rowOf('Title of a1')).getByRole('button', { name: 'Unlike' })).toBeDefined());
    await act(async () => take('likeArticle').reject(new Error('offline')));
    await waitFor(() => expect(within(rowOf('Title of a1')).getByRole('button', { name: 'Like' })).toBeDefined());
  });
});

describe('new articles as they arrive', () => {
  const arrival = (feedIds: string[], articles: number, subscribed = false) =>
    act(() => emitArticlesArrived({ feedIds, folderIds: [], articles, subscribed }));
  const reloads = (sent: { name: string }[]) => sent.filter(({ name }) => name === 'ArticleListPaginationQuery').length;

  it('wait in a pill above rows that do not move, and load on a click or .', async () => {
    const { sent, take } = showList([{ id: 'a1' }, { id: 'a2' }]);
    await screen.findByRole('list', { name: 'Articles' });
    arrival(['RmVlZDox'], 2);
    arrival(['RmVlZDox'], 1);
    const pill = await screen.findByRole('button', { name: '3 new articles' });
    expect(reloads(sent)).toBe(0);
    expect(screen.getAllByRole('article')).toHaveLength(2);
    fireEvent.click(pill);
    expect(reloads(sent)).toBe(1);
    expect(screen.queryByRole('button', { name: /new article/ })).toBeNull();
    const reload = take('articles');
    const newest = [{ id: 'n1' }, { id: 'n2' }, { id: 'n3' }, { id: 'a1' }, { id: 'a2' }];
    await act(async () => reload.resolve(listAnswer(newest)(reload.variables)));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(5));
    arrival(['RmVlZDox'], 1);
    await screen.findByRole('button', { name: '1 new article' });
    press('.');
    expect(reloads(sent)).toBe(2);
    expect(screen.queryByRole('button', { name: /new article/ })).toBeNull();
  });

  it('are not offered to a list they do not belong in: another feed, the starred list, a search', async () => {
    showList([{ id: 'a1' }], { feed: 'RmVlZDox' });
    await screen.findByRole('list', { name: 'Articles' });
    arrival(['RmVlZDoy'], 4);
    cleanup();
    showList([{ id: 'a1', starred: true }], { filter: 'starred' });
    await screen.findByRole('list', { name: 'Articles' });
    arrival(['RmVlZDox'], 4);
    cleanup();
    showList([{ id: 'a1' }], { q: 'council' });
    await screen.findByRole('list', { name: 'Articles' });
    arrival(['RmVlZDox'], 4);
    expect(screen.queryByRole('button', { name: /new article/ })).toBeNull();
  });

  it('load at once into an empty list, and when the reader’s own subscription brought them', async () => {
    const empty = showList([]);
    await screen.findByText(/All articles have been read|No unread articles/i).catch(() => undefined);
    arrival(['RmVlZDox'], 8);
    await waitFor(() => expect(reloads(empty.sent)).toBe(1));
    cleanup();
    const shown = showList([{ id: 'a1' }]);
    await screen.findByRole('list', { name: 'Articles' });
    arrival(['RmVlZDoy'], 5, true);
    await waitFor(() => expect(reloads(shown.sent)).toBe(1));
    expect(screen.queryByRole('button', { name: /new article/ })).toBeNull();
  });
});

describe('marking read on scroll', () => {
  it('is off by default; turned on for this device, it marks read a row that scrolled up out of view, not one below', async () => {
    const callbacks: IntersectionObserverCallback[] = [];
    const original = globalThis.IntersectionObserver;
    globalThis.IntersectionObserver = class {
      constructor(callback: IntersectionObserverCallback) {
        callbacks.push(callback);
      }
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    } as unknown as typeof IntersectionObserver;
    try {
      const leave = (id: string, bottom: number) =>
        act(() => {
          const target = document.querySelector(`[data-article-id="${id}"]`)!;
          const entry = { target, isIntersecting: false, boundingClientRect: { bottom } } as unknown as IntersectionObserverEntry;
          for (const callback of callbacks) callback([entry], {} as IntersectionObserver);
        });
      const off = showList([{ id: 'a1' }, { id: 'a2' }]);
      await screen.findByRole('list', { name: 'Articles' });
      leave('a1', -40);
      expect(off.sent.map(({ name }) => name)).not.toContain('useArticleActionsMarkReadMutation');
      cleanup();

      window.localStorage.setItem('tidings:mark-read-on-scroll', 'on');
      const on = showList([{ id: 'a1' }, { id: 'a2' }]);
      await screen.findByRole('list', { name: 'Articles' });
      leave('a2', 5000);
      leave('a1', -40);
      const marks = on.sent.filter(({ name }) => name === 'useArticleActionsMarkReadMutation');
      expect(marks.map(({ variables }) => variables.id)).toEqual(['a1']);
    } finally {
      globalThis.IntersectionObserver = original;
    }
  });
});
