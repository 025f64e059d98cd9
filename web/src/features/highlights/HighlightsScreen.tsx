import Download from 'lucide-react/icons/download';
import { Suspense } from 'react';
import { usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { buttonClass } from '../../ui/button';
import { PageTitle } from '../../ui/PageTitle';
import { ArticleListSkeleton } from '../articles/ArticleListSkeleton';
import { ArticlesFrame } from '../articles/ArticlesScreen';
import type { highlightsQuery as HighlightsQuery } from './__generated__/highlightsQuery.graphql';
import { HighlightList } from './HighlightList';
import { highlightsQuery } from './highlightsQuery';
import { EXPORT_FORMATS, useExportHighlights, type ExportFormat } from './useExportHighlights';

/** The /highlights screen: the title with the export buttons, then the viewer's highlights once the first page is there. */
export function HighlightsScreen({ queryRef }: { queryRef: PreloadedQuery<HighlightsQuery> }) {
  const [download, downloading] = useExportHighlights();
  return (
    <ArticlesFrame>
      <PageTitle>Highlights</PageTitle>
      <div className="mb-5 flex flex-wrap items-center justify-between gap-x-4 gap-y-3 sm:mb-6">
        <h1 id="page-title" className="font-serif text-2xl font-semibold tracking-tight text-ink sm:text-3xl">
          Highlights
        </h1>
        <div className="flex gap-2">
          {(Object.keys(EXPORT_FORMATS) as ExportFormat[]).map((format) => (
            <button
              key={format}
              type="button"
              onClick={() => download(format)}
              disabled={downloading !== null}
              className={buttonClass('secondary', 'sm')}
            >
              <Download aria-hidden="true" className="size-4" />
              Export {EXPORT_FORMATS[format]}
            </button>
          ))}
        </div>
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
