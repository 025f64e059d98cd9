import { fetchQuery, graphql } from 'react-relay';
import type { Environment } from 'relay-runtime';
import type { loadArticlesQuery, loadArticlesQuery$variables } from './__generated__/loadArticlesQuery.graphql';
import { listVariables, PAGE_SIZE, type ArticleListSearch } from './listSearch';

/** The article list screen: the scope names for the header and the first page of the list. */
export const articlesQuery = graphql`
  query loadArticlesQuery(
    $filter: ArticleFilter!
    $feedId: ID
    $folderId: ID
    $search: String
    $countUpTo: Int
    $countApart: Boolean!
    $first: Int!
  ) {
    ...ArticlesHeader_query
    ...ArticleListEmpty_query
    ...ArticleList_query
      @arguments(
        filter: $filter
        feedId: $feedId
        folderId: $folderId
        search: $search
        countUpTo: $countUpTo
        countApart: $countApart
        first: $first
      )
  }
`;

/** The screen query's variables for a URL. */
export function articlesQueryVariables(search: ArticleListSearch): loadArticlesQuery$variables {
  return { ...listVariables(search), first: PAGE_SIZE };
}

/**
 * Starts loading the screen's data as the route is entered (or hovered), so it never waits for the component to
 * ask. The screen reads the same query and variables, and Relay joins it to this request or finds the result
 * in the store.
 */
export function prefetchArticles(environment: Environment, search: ArticleListSearch): void {
  fetchQuery<loadArticlesQuery>(environment, articlesQuery, articlesQueryVariables(search), { fetchPolicy: 'store-or-network' }).subscribe({
    // The screen reports the failure when it reads the query.
    error: () => undefined,
  });
}
