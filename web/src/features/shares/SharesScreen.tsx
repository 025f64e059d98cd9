import { Suspense } from 'react';
import { usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { PageTitle } from '../../ui/PageTitle';
import { ArticleListSkeleton } from '../articles/ArticleListSkeleton';
import { ArticlesFrame } from '../articles/ArticlesScreen';
import type { sharesQuery as SharesQuery } from './__generated__/sharesQuery.graphql';
import { SharedFeed } from './SharedFeed';
import { sharesQuery } from './sharesQuery';

/** The /shares screen, the default home: the title, then the list once its first page is there. */
export function SharesScreen({ queryRef }: { queryRef: PreloadedQuery<SharesQuery> }) {
  return (
    <ArticlesFrame>
      <PageTitle>Shared</PageTitle>
      <h1 id="page-title" className="mb-5 font-serif text-2xl font-semibold tracking-tight text-ink sm:mb-6 sm:text-3xl">
        Shared
      </h1>
      <Suspense fallback={<ArticleListSkeleton rows={3} />}>
        <LoadedShares queryRef={queryRef} />
      </Suspense>
    </ArticlesFrame>
  );
}

function LoadedShares({ queryRef }: { queryRef: PreloadedQuery<SharesQuery> }) {
  return <SharedFeed query={usePreloadedQuery<SharesQuery>(sharesQuery, queryRef)} />;
}
