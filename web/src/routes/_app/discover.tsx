import { createFileRoute } from '@tanstack/react-router';
import { DiscoverLoadFailed } from '../../features/discover/DiscoverLoadFailed';
import { loadDiscover } from '../../features/discover/discoverQuery';
import { DiscoverScreen } from '../../features/discover/DiscoverScreen';
import { discoverTab, type DiscoverTab } from '../../features/discover/discoverTabs';

/** Discover: popular feeds on the instance and starter packs, with bulk subscribe. */
export const Route = createFileRoute('/_app/discover')({
  validateSearch: (search: Record<string, unknown>): { tab?: DiscoverTab } =>
    search.tab === undefined ? {} : { tab: discoverTab(search.tab) },
  loader: ({ context }) => loadDiscover(context.relay.current()),
  onLeave: ({ loaderData }) => loaderData?.dispose(),
  errorComponent: DiscoverLoadFailed,
  component: DiscoverPage,
});

function DiscoverPage() {
  return <DiscoverScreen queryRef={Route.useLoaderData()} tab={Route.useSearch().tab ?? 'popular'} />;
}
