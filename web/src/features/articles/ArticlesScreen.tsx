import { Suspense, useState, type ReactNode } from 'react';
import { useLazyLoadQuery } from 'react-relay';
import { PageTitle } from '../../ui/PageTitle';
import type { loadArticlesQuery } from './__generated__/loadArticlesQuery.graphql';
import { ArticleList } from './ArticleList';
import { ArticleListSkeleton } from './ArticleListSkeleton';
import { articlesQuery, articlesQueryVariables } from './loadArticles';
import { filterOf, type ArticleListFilter, type ArticleListSearch } from './listSearch';
import { listPageTitle } from './listSummary';

/** The frame of the /articles screen: one readable column on every width. */
export function ArticlesFrame({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-3xl px-4 pb-8 pt-5 sm:px-6 sm:pt-8 lg:px-8">
      {children}
    </section>
  );
}

/** The /articles screen: a skeleton until the first page is there, then the list. */
export function ArticlesScreen({ search, fetchKey }: { search: ArticleListSearch; fetchKey: number }) {
  return (
    <ArticlesFrame>
      <Suspense fallback={<LoadingArticles filter={filterOf(search)} />}>
        <LoadedArticles search={search} fetchKey={fetchKey} />
      </Suspense>
    </ArticlesFrame>
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

function LoadedArticles({ search, fetchKey }: { search: ArticleListSearch; fetchKey: number }) {
  // Loaded once with the URL of the moment; later URLs refetch inside the list, which keeps its rows meanwhile.
  const [loadedSearch] = useState(search);
  const [loadedKey] = useState(fetchKey);
  const data = useLazyLoadQuery<loadArticlesQuery>(articlesQuery, articlesQueryVariables(loadedSearch), {
    fetchPolicy: 'store-or-network',
    fetchKey: loadedKey,
  });
  return <ArticleList query={data} header={data} empty={data} search={search} loadedSearch={loadedSearch} />;
}
