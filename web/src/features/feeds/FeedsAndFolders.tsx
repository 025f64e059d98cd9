import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import Rss from 'lucide-react/icons/rss';
import { useId, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { cx } from '../../ui/cx';
import type { FeedsAndFolders_query$key } from './__generated__/FeedsAndFolders_query.graphql';
import { AddFeedOrFolder } from './AddFeedOrFolder';
import {
  announcements,
  dropTargetCoordinates,
  moveFor,
  ROOT_DROP_ID,
  screenReaderInstructions,
  type DraggedFeed,
  type DropTarget,
} from './dragAndDrop';
import { FolderItem } from './FolderItem';
import { FailingFeeds } from './FailingFeeds';
import { useFailingFeedsFilter } from './failingFeedsFilter';
import { useFeedSelection } from './selection';
import { SubscriptionItem } from './SubscriptionItem';
import { useMoveSubscription } from './useMoveSubscription';

type Props = {
  query: FeedsAndFolders_query$key;
  /** Called after a feed or folder is chosen (the drawer closes). */
  onNavigate?: () => void;
  /** Counts the requests to add a feed: each new one opens Add feed with the focus in its field. */
  addFeedRequest?: number;
};

/**
 * 'Feeds & Folders' of the sidebar and the drawer: Add feed and New folder, each a button that opens its form,
 * the folders, the feeds at root level, and dragging feeds between them (pointer or keyboard).
 */
export function FeedsAndFolders({ query, onNavigate, addFeedRequest }: Props) {
  const data = useFragment(
    graphql`
      fragment FeedsAndFolders_query on Query {
        folders {
          id
          subscriptions {
            id
            feed {
              fetchError
            }
            ...SubscriptionItem_subscription
          }
          ...FolderItem_folder
        }
        rootSubscriptions {
          id
          feed {
            fetchError
          }
          ...SubscriptionItem_subscription
        }
      }
    `,
    query,
  );
  const headingId = useId();
  const { feedId, folderId } = useFeedSelection();
  const [dragging, setDragging] = useState<DraggedFeed | null>(null);
  const move = useMoveSubscription();
  // A pointer must travel a few pixels before a drag starts, so a click on a feed still opens it.
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: dropTargetCoordinates }),
  );
  const empty = data.folders.length === 0 && data.rootSubscriptions.length === 0;
  const showingFailing = useFailingFeedsFilter();

  const onDragStart = ({ active }: DragStartEvent) => setDragging((active.data.current as DraggedFeed | undefined) ?? null);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const feed = active.data.current as DraggedFeed | undefined;
    const change = feed && moveFor(feed, over?.data.current as DropTarget | undefined);
    if (change) move(change.subscriptionId, change.folderId);
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="px-3 text-xs font-semibold uppercase tracking-wider text-muted">
        Feeds &amp; Folders
      </h2>
      <AddFeedOrFolder addFeedRequest={addFeedRequest} />
      {showingFailing ? (
        <FailingFeeds
          subscriptions={[...data.folders.flatMap((folder) => folder.subscriptions), ...data.rootSubscriptions].filter(
            (subscription) => subscription.feed.fetchError,
          )}
          selectedFeedId={feedId}
          onNavigate={onNavigate}
        />
      ) : empty ? (
        <div className="mx-1 rounded-xl border border-dashed border-line px-4 py-5 text-center">
          <Rss aria-hidden="true" className="mx-auto mb-2 size-6 text-muted/70" strokeWidth={1.75} />
          <p className="text-sm font-medium text-ink">No feeds yet</p>
          <p className="mt-1 text-[0.8125rem] leading-relaxed text-muted">
            Add a website or feed address with Add feed above to start reading.
          </p>
        </div>
      ) : (
        <DndContext
          sensors={sensors}
          accessibility={{ announcements, screenReaderInstructions }}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDragging(null)}
        >
          {data.folders.length > 0 && (
            <ul aria-label="Folders" className="flex flex-col gap-0.5">
              {data.folders.map((folder) => (
                <FolderItem key={folder.id} folder={folder} selectedFeedId={feedId} selectedFolderId={folderId} onNavigate={onNavigate} />
              ))}
            </ul>
          )}
          {data.rootSubscriptions.length > 0 && (
            <ul aria-label="Feeds" className="flex flex-col gap-0.5">
              {data.rootSubscriptions.map((subscription) => (
                <SubscriptionItem
                  key={subscription.id}
                  subscription={subscription}
                  folderId={null}
                  selectedFeedId={feedId}
                  onNavigate={onNavigate}
                />
              ))}
            </ul>
          )}
          <RootDropArea active={dragging !== null && dragging.folderId !== null} />
          <DragOverlay dropAnimation={null}>
            {dragging && (
              <div className="flex h-9 max-w-60 items-center gap-2 rounded-lg border border-line bg-surface px-3 text-sm font-medium text-ink shadow-card">
                <Rss aria-hidden="true" className="size-3.5 shrink-0 text-muted" />
                <span className="truncate">{dragging.title}</span>
              </div>
            )}
          </DragOverlay>
        </DndContext>
      )}
    </section>
  );
}

/** The root level as a drop target: dropping a feed here takes it out of its folder. */
function RootDropArea({ active }: { active: boolean }) {
  const target: DropTarget = { folderId: null, name: 'root level' };
  const { setNodeRef, isOver } = useDroppable({
    id: ROOT_DROP_ID,
    data: target,
  });
  return (
    <div
      ref={setNodeRef}
      className={cx(
        'mx-1 rounded-lg border border-dashed px-3 py-2.5 text-center text-xs transition-colors',
        isOver && active
          ? 'border-accent bg-accent-soft text-accent-strong'
          : active
            ? 'border-accent/60 text-ink'
            : 'border-line text-muted',
      )}
    >
      Drop feeds here to remove from folders
    </div>
  );
}
