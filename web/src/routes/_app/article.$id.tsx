import { createFileRoute, redirect } from '@tanstack/react-router';
import { Suspense } from 'react';
import { loadQuery } from 'react-relay';
import type { readerQuery as ReaderQuery } from '../../features/reader/__generated__/readerQuery.graphql';
import { ArticleReader } from '../../features/reader/ArticleReader';
import { globalIdOfRestArticleId } from '../../features/reader/articleRouteId';
import { ReaderLoadFailed } from '../../features/reader/ReaderLoadFailed';
import { readerQuery } from '../../features/reader/readerQuery';
import { ReaderSkeleton } from '../../features/reader/ReaderSkeleton';

/** The reader: any signed-in user may open any article by its id, the global or the REST one. */
export const Route = createFileRoute('/_app/article/$id')({
  beforeLoad: ({ params }) => {
    const globalId = globalIdOfRestArticleId(params.id);
    if (globalId) throw redirect({ to: '/article/$id', params: { id: globalId }, replace: true });
  },
  loader: ({ context, params }) =>
    loadQuery<ReaderQuery>(context.relay.current(), readerQuery, { id: params.id }, { fetchPolicy: 'store-or-network' }),
  onLeave: ({ loaderData }) => loaderData?.dispose(),
  // A request that fails outright (network, HTTP error) lands here; a failed field is handled by ArticleReader.
  errorComponent: ReaderLoadFailed,
  component: ArticleRoute,
});

function ArticleRoute() {
  return (
    <Suspense fallback={<ReaderSkeleton />}>
      <ArticleReader queryRef={Route.useLoaderData()} />
    </Suspense>
  );
}
