import { createFileRoute } from '@tanstack/react-router';
import { SharesLoadFailed } from '../../features/shares/SharesLoadFailed';
import { SharesScreen } from '../../features/shares/SharesScreen';
import { loadShares } from '../../features/shares/sharesQuery';

/** The Shared list, the default home. */
export const Route = createFileRoute('/_app/shares')({
  loader: ({ context }) => loadShares(context.relay.current()),
  onLeave: ({ loaderData }) => loaderData?.dispose(),
  errorComponent: SharesLoadFailed,
  component: SharesPage,
});

function SharesPage() {
  return <SharesScreen queryRef={Route.useLoaderData()} />;
}
