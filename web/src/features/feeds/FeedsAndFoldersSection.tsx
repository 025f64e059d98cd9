import { Suspense, type ComponentProps, type ComponentType } from 'react';
import { usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { lazyWithPreload, useLoadedAfterPaint } from '../../ui/lazyWithPreload';
import type { loadFeedsQuery } from './__generated__/loadFeedsQuery.graphql';
import { feedsQuery } from './loadFeeds';

// Its own chunk (with drag and drop, the row menus and dialogs): not needed to show the first screen's list.
const feedsAndFolders = lazyWithPreload(() => import('./FeedsAndFolders').then((module) => module.FeedsAndFolders));

type Props = {
  feeds: PreloadedQuery<loadFeedsQuery>;
  onNavigate?: () => void;
  /** Counts the requests to add a feed: each new one opens Add feed with the focus in its field. */
  addFeedRequest?: number;
};

/** Feeds & Folders with its own loading and failure states, so the rest of the shell never waits for it. */
export function FeedsAndFoldersSection(props: Props) {
  const FeedsAndFolders = useLoadedAfterPaint(feedsAndFolders);
  const loading = <p className="px-3 text-sm text-muted">Loading feeds…</p>;
  return (
    <ErrorBoundary
      fallback={(retry) => (
        <p role="alert" className="px-3 text-sm text-muted">
          Failed to load feeds.{' '}
          <button type="button" onClick={retry} className="font-medium text-accent-strong underline-offset-4 hover:underline">
            Try again
          </button>
        </p>
      )}
    >
      <Suspense fallback={loading}>{FeedsAndFolders ? <Loaded {...props} FeedsAndFolders={FeedsAndFolders} /> : loading}</Suspense>
    </ErrorBoundary>
  );
}

function Loaded({
  feeds,
  onNavigate,
  addFeedRequest,
  FeedsAndFolders,
}: Props & { FeedsAndFolders: ComponentType<ComponentProps<typeof feedsAndFolders.Component>> }) {
  const data = usePreloadedQuery<loadFeedsQuery>(feedsQuery, feeds);
  return <FeedsAndFolders query={data} onNavigate={onNavigate} addFeedRequest={addFeedRequest} />;
}
