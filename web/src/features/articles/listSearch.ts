/** The server allows pages of up to 100 articles; smaller pages load faster and the rest follows on scroll. */
export const PAGE_SIZE = 30;

/**
 * The article list's place, kept in the URL (filter, search and the selected feed or folder persist):
 * filter unread (the default), all, liked, starred or circle (what the people the reader follows shared or commented
 * on, from any feed: it takes no feed, folder or search) or hidden (what the reader's rules hide); feed or folder limit the list to one Feed or Folder
 * (global ids, chosen in Feeds & Folders); q is the search text. A malformed value reads as absent.
 */
export type ArticleListSearch = { filter?: ArticleListFilter; feed?: string; folder?: string; q?: string };
export type ArticleListFilter = (typeof FILTERS)[number];

const FILTERS = ['unread', 'all', 'liked', 'starred', 'circle', 'hidden'] as const;

const isFilter = (value: unknown): value is ArticleListFilter => FILTERS.includes(value as ArticleListFilter);
const nonEmpty = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** Reads a URL's search (or a stored view) as a list place; anything that is not an object reads as no search. */
export function articleListSearch(input: unknown): ArticleListSearch {
  const search = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const read: ArticleListSearch = {
    filter: isFilter(search.filter) ? search.filter : undefined,
    feed: nonEmpty(search.feed),
    folder: nonEmpty(search.folder),
    q: typeof search.q === 'string' ? search.q : undefined,
  };
  return Object.fromEntries(Object.entries(read).filter(([, value]) => value !== undefined));
}

/** The /articles address: the list's place, and the article open beside it on a wide screen. */
export type ArticlesPlace = ArticleListSearch & { article?: string };

/** Reads the /articles address: the list's search, and `article` when it names one. */
export function articlesPlace(input: unknown): ArticlesPlace {
  const article = typeof input === 'object' && input !== null ? nonEmpty((input as Record<string, unknown>).article) : undefined;
  return article ? { ...articleListSearch(input), article } : articleListSearch(input);
}

/** The filter a search shows: unread, the default, unless it says otherwise. */
export const filterOf = (search: ArticleListSearch): ArticleListFilter => search.filter ?? 'unread';

/** The search text that is sent: trimmed, and none when blank. */
export const searchTextOf = (search: ArticleListSearch): string | null => search.q?.trim() || null;

/**
 * How far the count of a search, of All or of the Circle goes: past it the count line says '1,000+ articles'. A common
 * word matches hundreds of thousands of articles on a large instance, and All of a hundred feeds holds as many, which
 * the server would otherwise read every one of to count (All of everything: 0.35–0.45 s at 1 M articles, 5 ms up to
 * 1,000); the Circle of a reader following a hundred people ranks every story they ever signalled (0.3–0.5 s).
 * Unread, liked, starred and hidden lists are counted whole: each is one index range of the reader's own rows.
 */
export const COUNT_UP_TO = 1000;

/** The lists counted up to COUNT_UP_TO without a search. */
const COUNTED_UP_TO: ReadonlySet<ArticleListFilter> = new Set(['all', 'circle']);

/**
 * The `articles` arguments a URL asks for (without paging); the circle view, which the server refuses to narrow, none.
 * `countUpTo`: where the count stops, for a search, All or the Circle; `countApart`: a search's count is asked apart from its
 * rows (searchCount.ts).
 */
export function listVariables(search: ArticleListSearch) {
  const circle = filterOf(search) === 'circle';
  const text = circle ? null : searchTextOf(search);
  return {
    filter: filterOf(search).toUpperCase() as Uppercase<ArticleListFilter>,
    feedId: circle ? null : (search.feed ?? null),
    folderId: circle ? null : (search.folder ?? null),
    search: text,
    countUpTo: text === null && !COUNTED_UP_TO.has(filterOf(search)) ? null : COUNT_UP_TO,
    countApart: text !== null,
  };
}

export type ListVariables = ReturnType<typeof listVariables>;

/** The search without its empty entries, for links and stored views. */
export function compactSearch(search: ArticleListSearch): ArticleListSearch {
  return Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined && value !== '')) as ArticleListSearch;
}

/** True for /articles opened with no search at all (the Articles link), where the last view comes back. */
export const isBareSearch = (search: ArticleListSearch): boolean => Object.keys(compactSearch(search)).length === 0;
