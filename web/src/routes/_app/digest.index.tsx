import { createFileRoute } from '@tanstack/react-router';
import { DigestListScreen } from '../../features/digests/DigestListScreen';
import { DigestsLoadFailed } from '../../features/digests/DigestsLoadFailed';
import { loadDigests } from '../../features/digests/digestsQuery';

/** The digest list: the first-digest checklist, the digests, or empty. */
export const Route = createFileRoute('/_app/digest/')({
  loader: ({ context }) => loadDigests(context.relay.current()),
  onLeave: ({ loaderData }) => loaderData?.dispose(),
  errorComponent: DigestsLoadFailed,
  component: DigestsPage,
});

function DigestsPage() {
  return <DigestListScreen queryRef={Route.useLoaderData()} />;
}
