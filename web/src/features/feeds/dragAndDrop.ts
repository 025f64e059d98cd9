import type { Announcements, KeyboardCoordinateGetter, ScreenReaderInstructions } from '@dnd-kit/core';

/** What a dragged feed row carries. */
export type DraggedFeed = {
  subscriptionId: string;
  folderId: string | null;
  title: string;
};

/** Where a feed can be dropped: a folder, or the root area. */
export type DropTarget = { folderId: string | null; name: string };

export const ROOT_DROP_ID = 'root';

/** The move a drop asks for, or null when the feed is already there. */
export function moveFor(feed: DraggedFeed, target: DropTarget | undefined): { subscriptionId: string; folderId: string | null } | null {
  if (!target || target.folderId === feed.folderId) return null;
  return { subscriptionId: feed.subscriptionId, folderId: target.folderId };
}

const feedOf = (data: unknown) => (data as { current?: DraggedFeed } | undefined)?.current?.title ?? 'feed';
const placeOf = (data: unknown) => {
  const target = (data as { current?: DropTarget } | undefined)?.current;
  return target ? (target.folderId ? `folder ${target.name}` : 'the root level') : null;
};

/** Screen-reader words for a drag, in the product's names rather than dnd-kit's internal ids. */
export const announcements: Announcements = {
  onDragStart: ({ active }) => `Picked up ${feedOf(active.data)}.`,
  onDragOver: ({ active, over }) => {
    const place = over && placeOf(over.data);
    return place ? `${feedOf(active.data)} is over ${place}.` : `${feedOf(active.data)} is not over a folder.`;
  },
  onDragEnd: ({ active, over }) => {
    const place = over && placeOf(over.data);
    return place ? `${feedOf(active.data)} was dropped on ${place}.` : `${feedOf(active.data)} was dropped; it stays where it was.`;
  },
  onDragCancel: ({ active }) => `Moving ${feedOf(active.data)} was cancelled.`,
};

export const screenReaderInstructions: ScreenReaderInstructions = {
  draggable:
    'To move this feed, press Space or Enter. Use the arrow keys to go to a folder or to the root area, ' +
    'then press Space or Enter to drop it there, or Escape to cancel.',
};

/** The arrow keys step through the drop targets in screen order (folders, then the root area) rather than by pixels. */
export const dropTargetCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const step =
    event.code === 'ArrowDown' || event.code === 'ArrowRight' ? 1 : event.code === 'ArrowUp' || event.code === 'ArrowLeft' ? -1 : 0;
  const { collisionRect, droppableRects, over } = context;
  if (!step || !collisionRect) return undefined;
  event.preventDefault();
  const targets = [...droppableRects.entries()].sort(([, a], [, b]) => a.top - b.top);
  const current = over ? targets.findIndex(([id]) => id === over.id) : -1;
  const next =
    current >= 0
      ? targets[current + step]
      : step > 0
        ? targets.find(([, rect]) => rect.top > collisionRect.top)
        : targets.findLast(([, rect]) => rect.top < collisionRect.top);
  // Lands the dragged chip just inside the target's top-left corner, so it overlaps that target most.
  return next ? { x: next[1].left + 8, y: next[1].top + 2 } : undefined;
};
