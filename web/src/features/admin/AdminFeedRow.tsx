import RefreshCw from 'lucide-react/icons/refresh-cw';
import Trash2 from 'lucide-react/icons/trash';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { buttonClass } from '../../ui/button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { cx } from '../../ui/cx';
import type { AdminFeedRow_feed$data, AdminFeedRow_feed$key } from './__generated__/AdminFeedRow_feed.graphql';
import { counted } from './counted';
import { useDeleteFeed } from './useDeleteFeed';
import { useRefreshFeedAsAdmin } from './useRefreshFeedAsAdmin';
import { timeAgo } from '../../ui/dates';

type Props = { feed: AdminFeedRow_feed$key; layout: 'row' | 'card'; onDeleted: () => void };

/** One feed of the admin table, as a table row (desktop) or a card (phone), with its health, Refresh and Delete. */
export function AdminFeedRow({ feed: key, layout, onDeleted }: Props) {
  const feed = useFragment(
    graphql`
      fragment AdminFeedRow_feed on AdminFeed {
        id
        title
        url
        fetchError
        lastFetchedAt
        subscriptionCount
        articleCount
      }
    `,
    key,
  );
  const title = feed.title || feed.url;
  const fetched = feed.lastFetchedAt ? <time dateTime={feed.lastFetchedAt}>{timeAgo(new Date(feed.lastFetchedAt))}</time> : 'never';
  if (layout === 'row') {
    return (
      <tr aria-label={title}>
        <td className="max-w-72 px-4 py-3">
          <FeedName feed={feed} title={title} />
        </td>
        <td className="px-4 py-3">
          <HealthBadge error={feed.fetchError} />
          <p className="mt-1 text-xs text-muted">Fetched {fetched}</p>
        </td>
        <td className="px-4 py-3 text-right tabular-nums text-muted">{feed.subscriptionCount}</td>
        <td className="px-4 py-3 text-right tabular-nums text-muted">{feed.articleCount}</td>
        <td className="px-4 py-3">
          <div className="flex justify-end gap-1">
            <FeedActions id={feed.id} title={title} onDeleted={onDeleted} />
          </div>
        </td>
      </tr>
    );
  }
  return (
    <li aria-label={title} className="rounded-2xl border border-line bg-surface p-4">
      <div className="flex items-start justify-between gap-3">
        <FeedName feed={feed} title={title} />
        <HealthBadge error={feed.fetchError} />
      </div>
      <p className="mt-3 text-sm text-muted">
        {counted(feed.subscriptionCount, 'subscriber')} · {counted(feed.articleCount, 'article')} · Fetched {fetched}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <FeedActions id={feed.id} title={title} onDeleted={onDeleted} />
      </div>
    </li>
  );
}

function FeedName({ feed, title }: { feed: AdminFeedRow_feed$data; title: string }) {
  return (
    <div className="min-w-0">
      <p className="truncate font-medium text-ink">{title}</p>
      <p className="truncate text-sm text-muted">{feed.url}</p>
      {feed.fetchError && <p className="mt-1 line-clamp-2 break-words text-sm text-danger">{feed.fetchError}</p>}
    </div>
  );
}

/** A feed with a fetch error is Error, otherwise Healthy. */
function HealthBadge({ error }: { error: string | null | undefined }) {
  return (
    <span
      className={cx(
        'inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium',
        error ? 'bg-danger-soft text-danger' : 'bg-accent-soft text-accent-strong',
      )}
    >
      {error ? 'Error' : 'Healthy'}
    </span>
  );
}

function FeedActions({ id, title, onDeleted }: { id: string; title: string; onDeleted: () => void }) {
  const [refresh, refreshing] = useRefreshFeedAsAdmin();
  const [remove, deleting] = useDeleteFeed(onDeleted);
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <button
        type="button"
        disabled={refreshing}
        onClick={() => refresh(id)}
        aria-label={`Refresh ${title}`}
        className={buttonClass('secondary', 'sm')}
      >
        <RefreshCw aria-hidden="true" className={cx('size-4', refreshing && 'animate-spin')} />
        Refresh
      </button>
      <button
        type="button"
        disabled={deleting}
        onClick={() => setConfirming(true)}
        aria-label={`Delete ${title}`}
        className={buttonClass('ghost', 'sm', 'text-danger hover:text-danger')}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        Delete
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete feed"
        message={`Are you sure you want to delete feed "${title}"? This will delete all articles and subscriptions. This cannot be undone.`}
        confirmLabel="Delete"
        onConfirm={() => remove(id)}
      />
    </>
  );
}
