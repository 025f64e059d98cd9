import { createFileRoute } from '@tanstack/react-router';
import { HighlightsLoadFailed } from '../../features/highlights/HighlightsLoadFailed';
import { HighlightsScreen } from '../../features/highlights/HighlightsScreen';
import { loadHighlights } from '../../features/highlights/highlightsQuery';

/** The Highlights screen: the viewer's highlights, newest first, grouped by article. */
export const Route = createFileRoute('/_app/highlights')({
  loader: ({ context }) => loadHighlights(context.relay.current()),
  onLeave: ({ loaderData }) => loaderData?.dispose(),
  errorComponent: HighlightsLoadFailed,
  component: HighlightsPage,
});

function HighlightsPage() {
  return <HighlightsScreen queryRef={Route.useLoaderData()} />;
}
