import { InvalidInputError } from '../../domain/core/errors.ts';
import type { SyncItem } from '../../domain/sync/syncItems.ts';
import type { SyncSubscription } from '../../domain/sync/syncSubscriptions.ts';
import { unixSeconds } from '../syncParams.ts';

// Fever's shapes: numbers for ids, 0/1 for flags, Unix seconds for times, comma-separated lists of numbers.

export function feverItem(item: SyncItem) {
  return {
    id: Number(item.syncId),
    feed_id: Number(item.feedSyncId),
    title: item.title,
    author: item.author ?? '',
    html: item.content,
    url: item.url ?? '',
    is_saved: item.starred ? 1 : 0,
    is_read: item.isRead ? 1 : 0,
    created_on_time: unixSeconds(item.publishedAt),
  };
}

export function feverFeed(subscription: SyncSubscription) {
  return {
    id: Number(subscription.feedSyncId),
    favicon_id: 0,
    title: subscription.title,
    url: subscription.url,
    site_url: subscription.siteUrl ?? '',
    is_spark: 0,
    last_updated_on_time: subscription.lastFetchedAt ? unixSeconds(subscription.lastFetchedAt) : 0,
  };
}

/**
 * The group of the feeds in no folder. Fever clients expect every feed in a group, as FreshRSS files them under
 * "Uncategorized" (Read You stops its whole sync at a feed of none). Its number is the largest 32-bit one, which
 * Read You reads group ids as, far past any folder's number.
 */
export const UNFILED_GROUP = { id: 2_147_483_647, title: 'Uncategorized' };

/** The subscriptions in no folder, which UNFILED_GROUP holds. */
export const unfiled = (subscriptions: SyncSubscription[]) => subscriptions.filter((subscription) => !subscription.folder);

/** The folders as `groups` lists them, and UNFILED_GROUP when some feed is in no folder. */
export function feverGroups(folders: { syncId: bigint; name: string }[], subscriptions: SyncSubscription[]) {
  return [
    ...folders.map((folder) => ({ id: Number(folder.syncId), title: folder.name })),
    ...(unfiled(subscriptions).length > 0 ? [UNFILED_GROUP] : []),
  ];
}

/** Each group of feverGroups with the numbers of its feeds, as `feeds_groups` lists them. */
export function feedsGroups(folders: { syncId: bigint }[], subscriptions: SyncSubscription[]) {
  const feedIds = (members: SyncSubscription[]) => members.map((subscription) => subscription.feedSyncId).join(',');
  const loose = unfiled(subscriptions);
  return [
    ...folders.map((folder) => ({
      group_id: Number(folder.syncId),
      feed_ids: feedIds(subscriptions.filter((subscription) => subscription.folder?.syncId === folder.syncId)),
    })),
    ...(loose.length > 0 ? [{ group_id: UNFILED_GROUP.id, feed_ids: feedIds(loose) }] : []),
  ];
}

/** A number parameter (an id), or null when absent; anything but digits is a 400. */
export function numberParam(params: URLSearchParams, name: string): bigint | null {
  const value = params.get(name);
  if (value === null || value.trim() === '') return null;
  if (!/^-?\d{1,18}$/.test(value.trim())) throw new InvalidInputError(`${name} must be a number`);
  return BigInt(value.trim());
}

/** A comma-separated list of numbers (`with_ids`). */
export function numberList(value: string): bigint[] {
  const parts = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (!parts.every((part) => /^\d{1,18}$/.test(part))) throw new InvalidInputError('with_ids must be numbers separated by commas');
  return parts.map((part) => BigInt(part));
}
