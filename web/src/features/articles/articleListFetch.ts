import { fetchQuery } from 'react-relay';
import { getSelector, type Environment, type SingularReaderSelector } from 'relay-runtime';
import type { ArticleList_query$data, ArticleList_query$key } from './__generated__/ArticleList_query.graphql';
import listFragment from './__generated__/ArticleList_query.graphql';
import paginationQuery, { type ArticleListPaginationQuery } from './__generated__/ArticleListPaginationQuery.graphql';
import { PAGE_SIZE, type ListVariables } from './listSearch';
import { listCount, type ListCount } from './listSummary';
import type { LoadedList } from './readingContext';
import { knownSearchCount } from './searchCount';

/** The server's largest page: it returns at most 100 articles a request. */
const PAGE_MAX = 100;

/**
 * The loaded list in the shape of the list fragment's data, with its count (`listCount`); while a search's count is
 * on its way, more than the rows loaded.
 */
export function loadedList({ articles }: Pick<ArticleList_query$data, 'articles'>, counted: ListCount | null): LoadedList {
  const hasMore = articles.pageInfo.hasNextPage;
  return {
    ids: articles.edges.map(({ node }) => node.id),
    total: counted?.n ?? articles.edges.length,
    moreThanTotal: counted?.more ?? hasMore,
    hasMore,
    endCursor: articles.pageInfo.endCursor ?? null,
  };
}

/**
 * Loads the list again from its start, as many articles as are loaded now (within one page of the server),
 * without suspending: Relay's connection handler replaces the stored edges and every view of them updates.
 */
export function reloadArticleList(environment: Environment, variables: ListVariables, loaded: number): Promise<unknown> {
  const first = Math.min(PAGE_MAX, Math.max(PAGE_SIZE, loaded));
  return fetchQuery<ArticleListPaginationQuery>(
    environment,
    paginationQuery,
    { ...variables, first, after: null },
    { fetchPolicy: 'network-only' },
  ).toPromise();
}

/**
 * Loads the page after `after` outside the list screen (the reader stepping past the last loaded article).
 * The connection handler appends it to the stored list, so the screen shows it too when it comes back.
 */
export async function fetchNextArticles(environment: Environment, variables: ListVariables, after: string): Promise<LoadedList> {
  const data = await fetchQuery<ArticleListPaginationQuery>(environment, paginationQuery, {
    ...variables,
    first: PAGE_SIZE,
    after,
  }).toPromise();
  const selector = data && getSelector(listFragment, data satisfies ArticleList_query$key);
  if (!selector) throw new Error('The article list could not be read');
  const { data: list } = environment.lookup(selector as SingularReaderSelector);
  const { articles } = list as ArticleList_query$data;
  const loaded = { rows: articles.edges.length, hasMore: articles.pageInfo.hasNextPage };
  return loadedList({ articles }, listCount(articles.totalCount ?? knownSearchCount(environment, variables), variables.countUpTo, loaded));
}
