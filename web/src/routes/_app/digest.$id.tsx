import { createFileRoute, redirect } from '@tanstack/react-router';
import { Suspense } from 'react';
import { DigestDetailScreen, DigestLoadFailed } from '../../features/digests/DigestDetail';
import { loadDigest } from '../../features/digests/digestQuery';
import { globalIdOfRestDigestId } from '../../features/digests/digestRouteId';

/** One digest, by its global id or its REST id (the notification's link). */
export const Route = createFileRoute('/_app/digest/$id')({
  beforeLoad: ({ params }) => {
    const globalId = globalIdOfRestDigestId(params.id);
    if (globalId) throw redirect({ to: '/digest/$id', params: { id: globalId }, replace: true });
  },
  loader: ({ context, params }) => loadDigest(context.relay.current(), params.id),
  onLeave: ({ loaderData }) => loaderData?.dispose(),
  errorComponent: DigestLoadFailed,
  component: DigestPage,
});

function DigestPage() {
  return (
    <Suspense fallback={<div role="status" aria-label="Loading digest" className="mx-auto h-64 w-full max-w-6xl animate-pulse" />}>
      <DigestDetailScreen queryRef={Route.useLoaderData()} />
    </Suspense>
  );
}
