import { useDroppable } from '@dnd-kit/core';
import { Link } from '@tanstack/react-router';
import { FOLDER_NAME_MAX } from '@tidings/shared/limits';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Folder from 'lucide-react/icons/folder';
import FolderOpen from 'lucide-react/icons/folder-open';
import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash';
import { useId, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { cx } from '../../ui/cx';
import { RenameDialog } from '../../ui/RenameDialog';
import type { FolderItem_folder$key } from './__generated__/FolderItem_folder.graphql';
import type { DropTarget } from './dragAndDrop';
import { RowMenu } from './RowMenu';
import { folderLink } from './selection';
import { rowClass, SubscriptionItem } from './SubscriptionItem';
import { UnreadBadge } from './UnreadBadge';
import { useDeleteFolder } from './useDeleteFolder';
import { useRenameFolder } from './useRenameFolder';

type Props = {
  folder: FolderItem_folder$key;
  selectedFeedId: string | undefined;
  selectedFolderId: string | undefined;
  onNavigate?: () => void;
};

/**
 * One folder: expands and collapses, shows how many feeds it holds and how many of their
 * articles are unread, opens its articles, takes dropped feeds, and can be renamed or deleted (its feeds then move
 * to the root level).
 */
export function FolderItem({ folder, selectedFeedId, selectedFolderId, onNavigate }: Props) {
  const data = useFragment(
    graphql`
      fragment FolderItem_folder on Folder {
        id
        name
        subscriptionCount
        unreadCount
        subscriptions {
          id
          ...SubscriptionItem_subscription
        }
      }
    `,
    folder,
  );
  const listId = useId();
  const [expanded, setExpanded] = useState(true);
  const [confirming, setConfirming] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const renameFolder = useRenameFolder();
  const deleteFolder = useDeleteFolder();
  const target: DropTarget = { folderId: data.id, name: data.name };
  const { setNodeRef, isOver, active } = useDroppable({
    id: `folder:${data.id}`,
    data: target,
  });
  const droppable = isOver && (active?.data.current as { folderId?: string | null } | undefined)?.folderId !== data.id;
  const rename = (name: string) => renameFolder(data.id, name);
  const remove = () => deleteFolder(data.id);

  const selected = selectedFolderId === data.id;
  return (
    <li ref={setNodeRef} className={cx('rounded-lg transition-shadow', droppable && 'bg-accent-soft/60 ring-2 ring-accent')}>
      <div className={rowClass(selected)}>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-label={`${expanded ? 'Collapse' : 'Expand'} ${data.name}`}
          onClick={() => setExpanded((open) => !open)}
          className="grid size-8 shrink-0 place-items-center rounded-md text-muted hover:text-ink"
        >
          <ChevronRight aria-hidden="true" className={cx('size-4 transition-transform', expanded && 'rotate-90')} />
        </button>
        <Link
          {...folderLink(data.id)}
          onClick={onNavigate}
          aria-current={selected ? 'page' : undefined}
          // The whole name, which a narrow sidebar cuts short (as a feed row's title).
          title={data.name}
          className="flex min-w-0 flex-1 items-center gap-2 py-2 text-sm font-semibold"
        >
          {expanded ? (
            <FolderOpen aria-hidden="true" className="size-4 shrink-0 opacity-70" />
          ) : (
            <Folder aria-hidden="true" className="size-4 shrink-0 opacity-70" />
          )}
          <span className="truncate">{data.name}</span>
          {/* Beside the name, in words: the number at the row's end is the unread count, as on feed rows. */}
          <span className="shrink-0 text-xs font-normal text-muted">
            {data.subscriptionCount} {data.subscriptionCount === 1 ? 'feed' : 'feeds'}
          </span>
        </Link>
        <UnreadBadge count={data.unreadCount} selected={selected} />
        <RowMenu
          label={`Actions for folder ${data.name}`}
          actions={[
            {
              label: 'Rename',
              icon: Pencil,
              onSelect: () => setRenaming(true),
            },
            {
              label: 'Delete',
              icon: Trash2,
              onSelect: () => setConfirming(true),
              danger: true,
            },
          ]}
        />
      </div>
      <ul
        id={listId}
        hidden={!expanded}
        aria-label={`Feeds in ${data.name}`}
        className="ml-4 flex flex-col gap-0.5 border-l border-line pl-2"
      >
        {data.subscriptions.map((subscription) => (
          <SubscriptionItem
            key={subscription.id}
            subscription={subscription}
            folderId={data.id}
            selectedFeedId={selectedFeedId}
            onNavigate={onNavigate}
          />
        ))}
        {data.subscriptions.length === 0 && <li className="py-1.5 pl-2 text-xs text-muted">Drag feeds here</li>}
      </ul>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete folder"
        message={`Delete "${data.name}"? Feeds will be moved to root level.`}
        confirmLabel="Delete"
        onConfirm={remove}
      />
      <RenameDialog
        open={renaming}
        onOpenChange={setRenaming}
        title="Rename folder"
        label="Folder name"
        initialValue={data.name}
        maxLength={FOLDER_NAME_MAX}
        onSave={rename}
      />
    </li>
  );
}
