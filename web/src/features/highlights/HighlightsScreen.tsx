import { Suspense } from 'react';
import { usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { PageTitle } from '../../ui/PageTitle';
import { ArticleListSkeleton } from '../articles/ArticleListSkeleton';
import { ArticlesFrame } from '../articles/ArticlesScreen';
import type { highlightsQuery as HighlightsQuery } from './__generated__/highlightsQuery.graphql';
import { HighlightList } from './HighlightList';
import { highlightsQuery } from './highlightsQuery';
import { HighlightExportButtons } from './HighlightExportButtons';

/** The /highlights screen: the title with the export buttons, then the viewer's highlights once the first page is there. */
export function HighlightsScreen({ queryRef }: { queryRef: PreloadedQuery<HighlightsQuery> }) {
  return (
    <ArticlesFrame>
      <PageTitle>Highlights</PageTitle>
      <div className="mb-5 flex flex-wrap items-center justify-between gap-x-4 gap-y-3 sm:mb-6">
        <h1 id="page-title" className="font-serif text-2xl font-semibold tracking-tight text-ink sm:text-3xl">
          Highlights
        </h1>
        <HighlightExportButtons />
      </div>
      <Suspense fallback={<ArticleListSkeleton rows={3} />}>
        <LoadedHighlights queryRef={queryRef} />
      </Suspense>
    </ArticlesFrame>
  );
}

function LoadedHighlights({ queryRef }: { queryRef: PreloadedQuery<HighlightsQuery> }) {
  return <HighlightList query={usePreloadedQuery<HighlightsQuery>(highlightsQuery, queryRef)} />;
}
