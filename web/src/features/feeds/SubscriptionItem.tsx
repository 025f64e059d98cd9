import { useDraggable } from '@dnd-kit/core';
import { Link } from '@tanstack/react-router';
import { Pencil, Rss, Trash2, TriangleAlert } from 'lucide-react';
import { useId, useState, type KeyboardEventHandler, type PointerEventHandler } from 'react';
import { graphql, useFragment, useMutation } from 'react-relay';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { cx } from '../../ui/cx';
import { RenameDialog } from '../../ui/RenameDialog';
import { notify } from '../../ui/toast';
import type { SubscriptionItem_subscription$key } from './__generated__/SubscriptionItem_subscription.graphql';
import type { SubscriptionItemRenameMutation } from './__generated__/SubscriptionItemRenameMutation.graphql';
import type { SubscriptionItemUnsubscribeMutation } from './__generated__/SubscriptionItemUnsubscribeMutation.graphql';
import type { DraggedFeed } from './dragAndDrop';
import { RowMenu } from './RowMenu';
import { feedLink } from './selection';
import { useReloadFeeds } from './loadFeeds';

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
 * One subscription in Feeds & Folders (spec part 1 §2): a link that opens its articles, a drag handle (mouse
 * on the whole row, keyboard on the feed icon), a failing feed's marker, and Rename / Unsubscribe.
 */
export function SubscriptionItem({ subscription, folderId, selectedFeedId, onNavigate }: Props) {
  const data = useFragment(
    graphql`
      fragment SubscriptionItem_subscription on FeedSubscription {
        id
        title
        customTitle
        feed {
          id
          title
          url
          fetchError
        }
      }
    `,
    subscription,
  );
  const errorId = useId();
  const [confirming, setConfirming] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const reload = useReloadFeeds();
  const [commitUnsubscribe] = useMutation<SubscriptionItemUnsubscribeMutation>(graphql`
    mutation SubscriptionItemUnsubscribeMutation($id: ID!) {
      unsubscribe(id: $id) {
        __typename
        ... on UnsubscribePayload {
          deletedSubscriptionId
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const [commitRename] = useMutation<SubscriptionItemRenameMutation>(graphql`
    mutation SubscriptionItemRenameMutation($id: ID!, $title: String) {
      renameSubscription(id: $id, input: { title: $title }) {
        __typename
        ... on FeedSubscription {
          id
          title
          customTitle
        }
        ... on Error {
          message
        }
      }
    }
  `);
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

  const unsubscribe = () =>
    commitUnsubscribe({
      variables: { id: data.id },
      onCompleted: ({ unsubscribe: answer }) => {
        if (answer.__typename !== 'UnsubscribePayload')
          return notify.error('Failed to unsubscribe', {
            description: answer.message,
          });
        notify.success('Unsubscribed from feed');
        void reload();
      },
      onError: () => notify.error('Failed to unsubscribe'),
    });
  const rename = (title: string) =>
    commitRename({
      variables: { id: data.id, title: title || null },
      onCompleted: ({ renameSubscription: answer }) => {
        if (answer.__typename !== 'FeedSubscription')
          return notify.error('Failed to rename feed', {
            description: answer.message,
          });
        notify.success('Feed renamed!');
      },
      onError: () => notify.error('Failed to rename feed'),
    });

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
        {data.feed.fetchError && (
          <span title={data.feed.fetchError} className="grid size-6 shrink-0 place-items-center text-danger">
            <TriangleAlert aria-hidden="true" className="size-4" />
            <span id={errorId} className="sr-only">
              This feed failed to update: {data.feed.fetchError}
            </span>
          </span>
        )}
        <RowMenu
          label={`Actions for ${data.title}`}
          actions={[
            {
              label: 'Rename',
              icon: Pencil,
              onSelect: () => setRenaming(true),
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
        maxLength={200}
        allowBlank
        onSave={rename}
      />
    </>
  );
}
