import { createFileRoute, redirect } from '@tanstack/react-router';
import { Suspense, useEffect, useMemo } from 'react';
import { ArticleListError } from '../../features/articles/ArticleListError';
import { ArticlesScreen } from '../../features/articles/ArticlesScreen';
import { prefetchArticles } from '../../features/articles/loadArticles';
import { articleListSearch, articlesPlace, compactSearch, isBareSearch } from '../../features/articles/listSearch';
import { useReaderLayout } from '../../features/articles/readerBeside';
import { lazyWithPreload } from '../../ui/lazyWithPreload';
import { loadSavedView } from '../../features/articles/savedView';

/**
 * The article list. Its state lives in the URL (filter, feed, folder, q); /articles entered bare (the Articles
 * link from another screen, a bookmark) comes back to the user's last view, which is kept across visits. On a wide
 * screen `article` names the article open beside the list; elsewhere that address opens the reader's own page.
 */
export const Route = createFileRoute('/_app/articles')({
  validateSearch: articlesPlace,
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

// The reader's code (content, comments, the share dialog) stays out of the list's first screen.
const { Component: ReaderBeside } = lazyWithPreload(() =>
  import('../../features/reader/ReaderBeside').then((module) => module.ReaderBeside),
);

function ArticlesPage() {
  const { article, ...place } = Route.useSearch();
  // One object for one list place, so the list and its links do not start over when only the open article changes.
  const placeKey = JSON.stringify(compactSearch(place));
  const search = useMemo(() => articleListSearch(JSON.parse(placeKey)), [placeKey]);
  const { beside } = useReaderLayout();
  const navigate = Route.useNavigate();
  useEffect(() => {
    if (article && !beside) void navigate({ to: '/article/$id', params: { id: article }, replace: true });
  }, [article, beside, navigate]);
  const close = useMemo(() => ({ to: '/articles' as const, search: compactSearch(search) }), [search]);
  return (
    <ArticlesScreen
      search={search}
      fetchKey={Route.useLoaderData().fetchKey}
      readerBeside={beside}
      openArticle={beside ? article : undefined}
      reader={
        beside && article ? (
          <Suspense fallback={null}>
            <ReaderBeside articleId={article} close={close} />
          </Suspense>
        ) : undefined
      }
    />
  );
}
