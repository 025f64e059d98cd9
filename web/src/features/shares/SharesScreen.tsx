import { Suspense } from 'react';
import { usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { PageTitle } from '../../ui/PageTitle';
import { ArticleListSkeleton } from '../articles/ArticleListSkeleton';
import { ArticlesFrame } from '../articles/ArticlesScreen';
import type { sharesQuery as SharesQuery } from './__generated__/sharesQuery.graphql';
import { PublicSharesFeedLink } from './PublicSharesFeedLink';
import { SharedFeed } from './SharedFeed';
import { sharesQuery } from './sharesQuery';

/** The /shares screen, the default home: the title, then the list once its first page is there. */
export function SharesScreen({ queryRef }: { queryRef: PreloadedQuery<SharesQuery> }) {
  return (
    <ArticlesFrame>
      <PageTitle>Shared</PageTitle>
      <div className="mb-5 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 sm:mb-6">
        <h1 id="page-title" className="font-serif text-2xl font-semibold tracking-tight text-ink sm:text-3xl">
          Shared
        </h1>
        <Suspense fallback={null}>
          <ViewerFeedLink queryRef={queryRef} />
        </Suspense>
      </div>
      <Suspense fallback={<ArticleListSkeleton rows={3} />}>
        <LoadedShares queryRef={queryRef} />
      </Suspense>
    </ArticlesFrame>
  );
}

// The viewer's own public shares: what sharing with 'Add to instance RSS feed' publishes under their name.
function ViewerFeedLink({ queryRef }: { queryRef: PreloadedQuery<SharesQuery> }) {
  const { viewer } = usePreloadedQuery<SharesQuery>(sharesQuery, queryRef);
  return viewer && <PublicSharesFeedLink href={viewer.publicSharesFeedUrl} title="Your public shares" />;
}

function LoadedShares({ queryRef }: { queryRef: PreloadedQuery<SharesQuery> }) {
  return <SharedFeed query={usePreloadedQuery<SharesQuery>(sharesQuery, queryRef)} />;
}
