import { InvalidInputError } from '../../domain/core/errors.ts';
import type { Services, Viewer } from '../../domain/core/services.ts';
import { editItemTags, markAllItemsRead } from '../../domain/sync/syncMarks.ts';
import { listSyncSubscriptions } from '../../domain/sync/syncSubscriptions.ts';
import { secondsParam } from '../syncParams.ts';
import { numberParam, unfiled, UNFILED_GROUP } from './format.ts';

const ITEM_MARKS = {
  read: { add: ['read'], remove: [] },
  unread: { add: [], remove: ['read'] },
  saved: { add: ['starred'], remove: [] },
  unsaved: { add: [], remove: ['starred'] },
} as const;

/**
 * Fever's writes: mark=item as=read|unread|saved|unsaved id=N; mark=feed or mark=group as=read id=N before=T
 * (group 0 is every feed, Fever's Kindling; -1, its Sparks, holds none; UNFILED_GROUP the feeds in no folder).
 */
export async function markFromParams(services: Services, viewer: Viewer, params: URLSearchParams): Promise<void> {
  const mark = params.get('mark');
  const as = params.get('as') ?? '';
  const id = numberParam(params, 'id');
  if (id === null) throw new InvalidInputError('id is required');
  if (mark === 'item') {
    const change = ITEM_MARKS[as as keyof typeof ITEM_MARKS];
    if (!change) throw new InvalidInputError('as must be read, unread, saved or unsaved');
    await editItemTags(services, viewer, { numbers: [id], add: [...change.add], remove: [...change.remove] });
    return;
  }
  if (mark !== 'feed' && mark !== 'group') throw new InvalidInputError('mark must be item, feed or group');
  if (as !== 'read') throw new InvalidInputError('A feed or group can only be marked read');
  if (mark === 'group' && id < 0n) return;
  const beforeDate = secondsParam(params, 'before');
  if (mark === 'group' && id === BigInt(UNFILED_GROUP.id)) {
    // No folder to name: each of its feeds in turn.
    const { subscriptions } = await listSyncSubscriptions(services, viewer);
    for (const subscription of unfiled(subscriptions))
      await markAllItemsRead(services, viewer, { scope: { kind: 'feed', feedSyncId: subscription.feedSyncId }, beforeDate });
    return;
  }
  const scope =
    mark === 'feed' ? { kind: 'feed', feedSyncId: id } : id === 0n ? { kind: 'everything' } : { kind: 'folderNumber', folderSyncId: id };
  // Fever clients list a muted feed's items in every list (feverItems.ts keeps them): marking a group marks those too.
  await markAllItemsRead(services, viewer, { scope, beforeDate }, 'include');
}
