import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GraphQLResponse, Variables } from 'relay-runtime';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockEnvironment } from '../../test/relayEnvironment';
import { renderWithRouter } from '../../test/renderWithRouter';
import { ArticlesScreen } from './ArticlesScreen';
import type { ArticleListSearch } from './listSearch';

const ben = { id: 'VXNlcjoy', name: 'Ben', avatarUrl: null };

const article = (id: string) => ({
  __typename: 'Article',
  id,
  title: `Title of ${id}`,
  url: `https://news.example/${id}`,
  excerpt: `Excerpt of ${id}`,
  imageUrl: null,
  publishedAt: '2026-01-02T10:00:00.000Z',
  feedTitle: 'Example News',
  isRead: false,
  isLiked: false,
  starred: false,
  enclosures: [],
  alsoIn: [],
  circle: { sharedBy: [ben], commentedBy: [], sharedByCount: 1, commentedByCount: 0 },
  feed: { id: 'RmVlZDox' },
  counts: { comments: 0, shares: 1, likes: 0 },
});

/** The screen query's answer: these articles, from a reader who follows one feed unless `following` is false. */
function listAnswer(ids: string[], { following = true } = {}) {
  return (_variables: Variables): GraphQLResponse => ({
    data: {
      folders: [],
      rootSubscriptions: following ? [{ id: 'U3ViOjE=', title: 'Example News', feed: { id: 'RmVlZDox' } }] : [],
      viewer: { id: 'VXNlcjox', articleDensity: 'cards' },
      articles: {
        totalCount: ids.length,
        pageInfo: { endCursor: ids.at(-1) ?? null, hasNextPage: false },
        edges: ids.map((id) => ({ cursor: id, node: article(id) })),
      },
      hiddenArticles: { totalCount: 0 },
    },
  });
}

function showList(ids: string[], search: ArticleListSearch, options?: { following?: boolean }) {
  const relay = createMockEnvironment({ loadArticlesQuery: listAnswer(ids, options) });
  const view = renderWithRouter(<ArticlesScreen search={search} fetchKey={0} />, { environment: relay.environment });
  return { ...relay, ...view };
}

beforeAll(() => {
  configure({ asyncUtilTimeout: 5_000 });
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

describe('the Circle view of the article list', () => {
  it('is a tab beside Unread, All and Starred that leaves the feed and the search behind', async () => {
    const { router } = showList(['a1'], { filter: 'all', feed: 'RmVlZDox', q: 'bridge' });
    const tabs = await screen.findByRole('group', { name: 'Show articles' });
    expect(
      within(tabs)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Unread', 'All', 'Starred', 'Circle']);
    fireEvent.click(within(tabs).getByRole('button', { name: 'Circle' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ filter: 'circle' }));
  });

  it('asks for CIRCLE without a scope or a search, presses its tab, has no search field, and each card names who shared', async () => {
    const { sent } = showList(['a1', 'a2'], { filter: 'circle', feed: 'RmVlZDox', q: 'bridge' });
    const list = await screen.findByRole('list', { name: 'Articles' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    expect(sent).toEqual([
      {
        name: 'loadArticlesQuery',
        variables: { filter: 'CIRCLE', feedId: null, folderId: null, search: null, countUpTo: 1000, countApart: false, first: 30 },
      },
    ]);
    expect(screen.getByRole('button', { name: 'Circle' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('searchbox', { name: 'Search articles' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Circle');
    expect(within(within(list).getAllByRole('article')[0]!).getByText('Ben shared this')).toBeDefined();
  });

  it('when empty, says nothing came from the people you follow yet and links to the directory, feeds or not', async () => {
    for (const following of [true, false]) {
      showList([], { filter: 'circle' }, { following });
      expect(await screen.findByText('Nothing from the people you follow yet')).toBeDefined();
      expect(screen.getByRole('link', { name: 'Find people to follow' }).getAttribute('href')).toBe('/users');
      expect(screen.queryByText("You're not following any feeds yet")).toBeNull();
      cleanup();
    }
  });
});
