import { createFileRoute, redirect } from '@tanstack/react-router';
import { ArticleListError } from '../../features/articles/ArticleListError';
import { ArticlesScreen } from '../../features/articles/ArticlesScreen';
import { prefetchArticles } from '../../features/articles/loadArticles';
import { articleListSearch, isBareSearch } from '../../features/articles/listSearch';
import { loadSavedView } from '../../features/articles/savedView';

/**
 * The article list. Its state lives in the URL (filter, feed, folder, q); /articles entered bare (the Articles
 * link from another screen, a bookmark) comes back to the user's last view, which is kept across visits.
 */
export const Route = createFileRoute('/_app/articles')({
  validateSearch: articleListSearch,
  // Only on the way in: on the screen itself, a bare URL (the search cleared, Articles clicked again) means the
  // default list.
  beforeLoad: ({ search, context, cause }) => {
    const userId = context.session.get()?.user.id;
    const saved = userId && cause !== 'stay' && isBareSearch(search) ? loadSavedView(context.storage, userId) : null;
    if (saved) throw redirect({ to: '/articles', search: saved, replace: true });
  },
  // Entering (or hovering a link to) the screen starts its query; a change of search while on it is the list's to refetch.
  // Each load is numbered: Relay keeps a failed query's error for its variables, so Try again (which loads the route
  // again) must ask under a new key to ask the server at all.
  loader: ({ context, location, cause }) => {
    if (cause !== 'stay') prefetchArticles(context.relay.current(), articleListSearch(location.search));
    loads += 1;
    return { fetchKey: loads };
  },
  errorComponent: ArticleListError,
  component: ArticlesPage,
});

let loads = 0;

function ArticlesPage() {
  return <ArticlesScreen search={Route.useSearch()} fetchKey={Route.useLoaderData().fetchKey} />;
}
