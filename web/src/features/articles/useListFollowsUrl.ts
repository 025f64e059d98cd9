import { useEffect, useRef, useState, useTransition } from 'react';
import type { RefetchFnDynamic } from 'react-relay';
import type { ArticleList_query$key } from './__generated__/ArticleList_query.graphql';
import type { ArticleListPaginationQuery } from './__generated__/ArticleListPaginationQuery.graphql';
import { listVariables, PAGE_SIZE, type ArticleListSearch } from './listSearch';

type Refetch = RefetchFnDynamic<ArticleListPaginationQuery, ArticleList_query$key>;

/**
 * Keeps the list on the URL's search: a search that asks for other articles refetches them in a transition,
 * so the rows on screen stay (and `isPending` says a new list is coming) until the new ones are there. Returns
 * the search the rows on screen were loaded for: it changes together with the rows, so the title, count and
 * empty state never describe rows that are not shown yet.
 */
export function useListFollowsUrl(search: ArticleListSearch, loadedSearch: ArticleListSearch, refetch: Refetch) {
  const [isPending, startTransition] = useTransition();
  const [shown, setShown] = useState(loadedSearch);
  const shownKey = useRef(JSON.stringify(listVariables(loadedSearch)));
  useEffect(() => {
    const next = listVariables(search);
    const key = JSON.stringify(next);
    if (key === shownKey.current) return setShown(search);
    shownKey.current = key;
    startTransition(() => {
      setShown(search);
      refetch({ ...next, first: PAGE_SIZE, after: null }, { fetchPolicy: 'store-and-network' });
    });
  }, [search, refetch]);
  return { shown, isPending };
}
