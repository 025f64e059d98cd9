import { z } from 'zod';

/** Spec part 1 §9 gives the list a fetch limit of 100; smaller pages load faster and the rest follows on scroll. */
export const PAGE_SIZE = 30;

/**
 * The article list's place, kept in the URL (spec part 1 §3: filter, search and the selected feed or folder
 * persist): filter unread (the default), all, liked or starred; feed or folder limit the list to one Feed or Folder
 * (global ids, chosen in Feeds & Folders); q is the search text. A malformed value reads as absent.
 */
export const articleListSearch = z.object({
  filter: z.enum(['unread', 'all', 'liked', 'starred']).optional().catch(undefined),
  feed: z.string().min(1).optional().catch(undefined),
  folder: z.string().min(1).optional().catch(undefined),
  q: z.string().optional().catch(undefined),
});

export type ArticleListSearch = z.infer<typeof articleListSearch>;
export type ArticleListFilter = NonNullable<ArticleListSearch['filter']>;

/** The filter a search shows: unread unless it says otherwise (spec part 1 §9). */
export const filterOf = (search: ArticleListSearch): ArticleListFilter => search.filter ?? 'unread';

/** The search text that is sent: trimmed, and none when blank. */
export const searchTextOf = (search: ArticleListSearch): string | null => search.q?.trim() || null;

/** The `articles` arguments a URL asks for (without paging). */
export function listVariables(search: ArticleListSearch) {
  return {
    filter: filterOf(search).toUpperCase() as Uppercase<ArticleListFilter>,
    feedId: search.feed ?? null,
    folderId: search.folder ?? null,
    search: searchTextOf(search),
  };
}

export type ListVariables = ReturnType<typeof listVariables>;

/** The search without its empty entries, for links and stored views. */
export function compactSearch(search: ArticleListSearch): ArticleListSearch {
  return Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined && value !== '')) as ArticleListSearch;
}

/** True for /articles opened with no search at all (the Articles link), where the last view comes back. */
export const isBareSearch = (search: ArticleListSearch): boolean => Object.keys(compactSearch(search)).length === 0;
