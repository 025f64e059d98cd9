import type { Environment } from 'relay-runtime';
import { notify } from '../../ui/toast';
import { fetchNextArticles } from './articleListFetch';
import { compactSearch, listVariables, type ArticleListSearch } from './listSearch';
import { publishList, type LoadedList } from './readingContext';

/**
 * Makes the loaded article list the reader's context (the 'articles' context), with the way back
 * to this very list.
 */
export function publishArticleList(environment: Environment, search: ArticleListSearch, list: LoadedList): void {
  publishList(
    {
      kind: 'articles',
      returnTo: { to: '/articles', search: compactSearch(search) },
      fetchNext: (after) => fetchNextArticles(environment, listVariables(search), after),
      onLoadFailed: () => notify.error('Failed to load articles', { id: 'articles-load' }),
    },
    list,
  );
}
