import { Suspense, useCallback, useState, type ReactNode } from 'react';
import { useLazyLoadQuery } from 'react-relay';
import { PageTitle } from '../../ui/PageTitle';
import type { loadArticlesQuery } from './__generated__/loadArticlesQuery.graphql';
import { ArticleList } from './ArticleList';
import { ArticleListSkeleton } from './ArticleListSkeleton';
import { articlesQuery, articlesQueryVariables } from './loadArticles';
import { ArticleLinkContext, type ArticleLinkFor } from './articleLink';
import { compactSearch, filterOf, type ArticleListFilter, type ArticleListSearch } from './listSearch';
import { listPageTitle } from './listSummary';

/** The frame of the /articles screen: one readable column on every width. */
export function ArticlesFrame({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-3xl px-4 pb-8 pt-5 sm:px-6 sm:pt-8 lg:px-8">
      {children}
    </section>
  );
}

type ScreenProps = {
  search: ArticleListSearch;
  fetchKey: number;
  /** Whether articles open beside the list (a wide screen whose reader wants it) rather than on their own page. */
  readerBeside?: boolean;
  /** The article open beside the list, and the reader that shows it. */
  openArticle?: string;
  reader?: ReactNode;
};

/**
 * The /articles screen: a skeleton until the first page is there, then the list; on a wide screen, the reader of the
 * open article beside it, each column scrolling on its own so the list keeps its place while the article is read.
 */
export function ArticlesScreen({ search, fetchKey, readerBeside = false, openArticle, reader }: ScreenProps) {
  const linkFor = useCallback<ArticleLinkFor>((id) => ({ to: '/articles', search: { ...compactSearch(search), article: id } }), [search]);
  const list = (
    <Suspense fallback={<LoadingArticles filter={filterOf(search)} />}>
      <LoadedArticles search={search} fetchKey={fetchKey} readerBeside={readerBeside} openArticle={openArticle} />
    </Suspense>
  );
  if (!readerBeside) return <ArticlesFrame>{list}</ArticlesFrame>;
  // The panes fill the window under the top bar and its border (the -mb takes back the page's bottom padding), so the
  // page itself never scrolls and each pane scrolls alone; positioned, so what a pane places out of sight (a label
  // for screen readers) scrolls within it rather than lengthening the page.
  return (
    <ArticleLinkContext value={linkFor}>
      <div className="-mb-12 grid h-[calc(100dvh-4rem-1px)] grid-cols-[minmax(22rem,30rem)_minmax(0,1fr)] 2xl:grid-cols-[34rem_minmax(0,1fr)]">
        <section aria-labelledby="page-title" className="relative overflow-y-auto border-r border-line px-5 pb-8 pt-6">
          {list}
        </section>
        <div className="relative overflow-y-auto" data-reader-pane="">
          {reader ?? <NoArticleOpen />}
        </div>
      </div>
    </ArticleLinkContext>
  );
}

function NoArticleOpen() {
  return (
    <div className="grid h-full place-items-center p-8 text-center text-sm text-muted">
      <p>Choose an article, or press j, to read it here.</p>
    </div>
  );
}

function LoadingArticles({ filter }: { filter: ArticleListFilter }) {
  return (
    <>
      <PageTitle>{listPageTitle(filter, null, null)}</PageTitle>
      <h1 id="page-title" className="sr-only">
        Articles
      </h1>
      <div aria-hidden="true" className="mb-6 space-y-3">
        <div className="h-8 w-44 animate-pulse rounded-lg bg-sunken" />
        <div className="h-4 w-32 animate-pulse rounded bg-sunken" />
        <div className="h-10 w-full animate-pulse rounded-xl bg-sunken" />
      </div>
      <ArticleListSkeleton />
    </>
  );
}

function LoadedArticles({ search, fetchKey, readerBeside, openArticle }: Omit<ScreenProps, 'reader'>) {
  // Loaded once with the URL of the moment; later URLs refetch inside the list, which keeps its rows meanwhile.
  const [loadedSearch] = useState(search);
  const [loadedKey] = useState(fetchKey);
  const data = useLazyLoadQuery<loadArticlesQuery>(articlesQuery, articlesQueryVariables(loadedSearch), {
    fetchPolicy: 'store-or-network',
    fetchKey: loadedKey,
  });
  return (
    <ArticleList
      query={data}
      header={data}
      empty={data}
      search={search}
      loadedSearch={loadedSearch}
      readerBeside={readerBeside}
      openArticle={openArticle}
    />
  );
}
