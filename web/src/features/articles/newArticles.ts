import { useCallback, useEffect, useRef, useState } from 'react';
import { onArticlesArrived, type ArticlesArrival } from '../feeds/articlesArrived';
import { useKeyboardShortcuts } from '../keyboard/useKeyboardShortcuts';
import { filterOf, searchTextOf, type ArticleListSearch } from './listSearch';

/**
 * Whether new articles belong in this list: the unread or all list, unsearched, of everything, of one of their
 * feeds or of a folder holding one. Liked and starred lists never gain an article by a refresh.
 */
export function arrivalConcerns(search: ArticleListSearch, arrival: ArticlesArrival): boolean {
  const filter = filterOf(search);
  if ((filter !== 'unread' && filter !== 'all') || searchTextOf(search)) return false;
  if (search.feed) return arrival.feedIds.includes(search.feed);
  if (search.folder) return arrival.folderIds.includes(search.folder);
  return true;
}

const listKey = (search: ArticleListSearch) => JSON.stringify([filterOf(search), search.feed, search.folder, searchTextOf(search)]);

/**
 * New articles for the open list, told live: the reader's own new subscription, or a list that shows nothing yet,
 * loads them at once; otherwise they wait, counted, until the reader asks for them (`show`, the pill or `.`), so
 * the rows never move under the reader's eyes. `clear` forgets the count when the list reloads by other means.
 */
export function useNewArticles(search: ArticleListSearch, isEmpty: boolean, reload: () => void) {
  const key = listKey(search);
  const [waiting, setWaiting] = useState({ key, count: 0 });
  const latest = useRef({ search, key, isEmpty, reload });
  useEffect(() => {
    latest.current = { search, key, isEmpty, reload };
  });
  useEffect(
    () =>
      onArticlesArrived((arrival) => {
        const { search, key, isEmpty, reload } = latest.current;
        if (!arrivalConcerns(search, arrival)) return;
        if (arrival.subscribed || isEmpty) reload();
        else setWaiting((now) => ({ key, count: (now.key === key ? now.count : 0) + arrival.articles }));
      }),
    [],
  );
  const count = waiting.key === key ? waiting.count : 0;
  const clear = useCallback(() => setWaiting({ key: latest.current.key, count: 0 }), []);
  const show = useCallback(() => {
    clear();
    latest.current.reload();
    window.scrollTo({ top: 0 });
  }, [clear]);
  useKeyboardShortcuts({ '.': () => count > 0 && show() }, count > 0);
  return { count, show, clear };
}
