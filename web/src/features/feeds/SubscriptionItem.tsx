import { useDraggable } from '@dnd-kit/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { SUBSCRIPTION_TITLE_MAX } from '@tidings/shared/limits';
import BellOff from 'lucide-react/icons/bell-off';
import FileText from 'lucide-react/icons/file-text';
import Pencil from 'lucide-react/icons/pencil';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import Rss from 'lucide-react/icons/rss';
import SlidersHorizontal from 'lucide-react/icons/sliders-horizontal';
import Trash2 from 'lucide-react/icons/trash';
import TriangleAlert from 'lucide-react/icons/triangle-exclamation-point';
import { useId, useState, type KeyboardEventHandler, type PointerEventHandler } from 'react';
import { graphql, useFragment } from 'react-relay';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { cx } from '../../ui/cx';
import { RenameDialog } from '../../ui/RenameDialog';
import { FullTextSettingsDialog } from '../fullText/FullTextSettingsDialog';
import { useSetFullText } from '../fullText/useUpdateFullTextSettings';
import type { SubscriptionItem_subscription$key } from './__generated__/SubscriptionItem_subscription.graphql';
import type { DraggedFeed } from './dragAndDrop';
import { FeedHealth } from './FeedHealth';
import { RowMenu } from './RowMenu';
import { feedLink } from './selection';
import { UnreadBadge } from './UnreadBadge';
import { useRefreshFeed } from './useRefreshFeed';
import { useRenameSubscription } from './useRenameSubscription';
import { useUnsubscribe } from './useUnsubscribe';

type Props = {
  subscription: SubscriptionItem_subscription$key;
  /** The folder the row is listed in; null at root. */
  folderId: string | null;
  selectedFeedId: string | undefined;
  onNavigate?: () => void;
};

/** A row class shared by feed and folder rows: the selected one is marked, the others react to hover. */
export function rowClass(selected: boolean) {
  return cx(
    'group flex min-h-10 items-center gap-1 rounded-lg pr-1 transition-colors',
    selected ? 'bg-accent-soft text-accent-strong' : 'text-ink hover:bg-sunken',
  );
}

/**
 * One subscription in Feeds & Folders: a link that opens its articles, a drag handle (mouse
 * on the whole row, keyboard on the feed icon), its unread count, a failing feed's marker, a muted feed's mark, and Rename /
 * Always show the full article / Full-article settings… / Unsubscribe (a failing feed's menu also says why it fails and
 * when it last worked, and offers Retry).
 */
export function SubscriptionItem({ subscription, folderId, selectedFeedId, onNavigate }: Props) {
  const data = useFragment(
    graphql`
      fragment SubscriptionItem_subscription on FeedSubscription {
        id
        title
        customTitle
        unreadCount
        muted
        fullText
        sendsExcerpts
        feed {
          id
          title
          url
          fetchError
          lastSuccessAt
          retryAfterUntil
        }
      }
    `,
    subscription,
  );
  const errorId = useId();
  const [confirming, setConfirming] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const [fullTextSettings, setFullTextSettings] = useState(false);
  const setFullText = useSetFullText();
  const unsubscribeFrom = useUnsubscribe();
  const renameSubscription = useRenameSubscription();
  const [retry] = useRefreshFeed();
  const failing = data.feed.fetchError;
  const dragged: DraggedFeed = {
    subscriptionId: data.id,
    folderId,
    title: data.title,
  };
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, isDragging } = useDraggable({
    id: `${folderId ?? 'root'}:${data.id}`,
    data: dragged,
  });
  const selected = selectedFeedId === data.feed.id;

  const navigate = useNavigate();
  // The list of a feed left behind would have nothing to show: the list of everything instead.
  const unsubscribe = () => unsubscribeFrom(data.id, selected ? () => void navigate({ to: '/articles', search: {} }) : undefined);
  const rename = (title: string) => renameSubscription(data.id, title);

  // The dialogs sit outside the row in React's tree too: events inside them must not start a drag of the row.
  return (
    <>
      <li
        ref={setNodeRef}
        className={cx(rowClass(selected), isDragging && 'opacity-40')}
        onPointerDown={listeners?.onPointerDown as PointerEventHandler | undefined}
      >
        <button
          ref={setActivatorNodeRef}
          type="button"
          {...attributes}
          onKeyDown={listeners?.onKeyDown as KeyboardEventHandler | undefined}
          aria-label={`Move ${data.title}`}
          title="Drag to a folder, or press Space to move with the arrow keys"
          className="grid size-8 shrink-0 cursor-grab touch-none place-items-center rounded-md text-muted hover:text-ink"
        >
          <Rss aria-hidden="true" className="size-3.5" />
        </button>
        <Link
          {...feedLink(data.feed.id)}
          onClick={onNavigate}
          aria-current={selected ? 'page' : undefined}
          aria-describedby={data.feed.fetchError ? errorId : undefined}
          title={data.title}
          className="min-w-0 flex-1 truncate py-2 text-sm font-medium"
        >
          {data.title}
        </Link>
        {failing && (
          <span title={failing} data-testid="feed-error" className="grid size-6 shrink-0 place-items-center text-danger">
            <TriangleAlert aria-hidden="true" className="size-4" />
            <span id={errorId} className="sr-only">
              This feed failed to update: {failing}
            </span>
          </span>
        )}
        {data.muted && (
          <span title="Muted: out of All and its folder" className="grid size-6 shrink-0 place-items-center text-muted">
            <BellOff aria-hidden="true" className="size-3.5" />
            <span className="sr-only">Muted</span>
          </span>
        )}
        <UnreadBadge count={data.unreadCount} selected={selected} />
        <RowMenu
          label={`Actions for ${data.title}`}
          note={
            failing ? (
              <FeedHealth error={failing} lastSuccessAt={data.feed.lastSuccessAt} retryAfterUntil={data.feed.retryAfterUntil} />
            ) : undefined
          }
          actions={[
            ...(failing ? [{ label: 'Retry', icon: RefreshCw, onSelect: () => retry(data.id) }] : []),
            {
              label: 'Rename',
              icon: Pencil,
              onSelect: () => setRenaming(true),
            },
            {
              label: 'Always show the full article',
              icon: FileText,
              checked: data.fullText,
              hint: data.sendsExcerpts && !data.fullText ? 'This feed sends excerpts' : undefined,
              onSelect: () => setFullText(data, !data.fullText),
            },
            {
              label: 'Full-article settings…',
              icon: SlidersHorizontal,
              onSelect: () => setFullTextSettings(true),
            },
            {
              label: 'Unsubscribe',
              icon: Trash2,
              onSelect: () => setConfirming(true),
              danger: true,
            },
          ]}
        />
      </li>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Unsubscribe"
        message={`Unsubscribe from "${data.title}"?`}
        confirmLabel="Unsubscribe"
        onConfirm={unsubscribe}
      />
      <RenameDialog
        open={renaming}
        onOpenChange={setRenaming}
        title="Rename feed"
        label={`Your title (blank uses "${data.feed.title}")`}
        initialValue={data.customTitle ?? data.title}
        maxLength={SUBSCRIPTION_TITLE_MAX}
        allowBlank
        onSave={rename}
      />
      <FullTextSettingsDialog subscriptionId={data.id} open={fullTextSettings} onOpenChange={setFullTextSettings} />
    </>
  );
}
