import type { FastifyInstance } from 'fastify';
import { ConflictError, InvalidInputError } from '../../domain/core/errors.ts';
import { subscribe } from '../../domain/subscriptions/subscribe.ts';
import { moveSubscriptionToFolder, removeSubscriptionFromFolder } from '../../domain/subscriptions/folders.ts';
import type { Services, Viewer } from '../../domain/core/services.ts';
import { renameSubscription, unsubscribe } from '../../domain/subscriptions/subscriptions.ts';
import { folderNamed, listSyncSubscriptions, subscriptionOfFeed, unreadCountsWithNewest } from '../../domain/sync/syncSubscriptions.ts';
import { HIGHLIGHTS_LABEL } from '../../domain/sync/streams.ts';
import { requireViewer } from '../handler.ts';
import { callParams } from '../syncParams.ts';
import { plainText } from './replies.ts';
import { feedStreamId, labelId, labelOf, READING_LIST, stateId } from './streamIds.ts';

/** Subscriptions, labels (folders) and unread counts. */
export async function subscriptionRoutes(app: FastifyInstance): Promise<void> {
  app.get('/subscription/list', async (request) => {
    const { subscriptions } = await listSyncSubscriptions(request.context.services, requireViewer(request));
    return {
      subscriptions: subscriptions.map((subscription) => ({
        id: feedStreamId(subscription.feedSyncId),
        title: subscription.title,
        categories: subscription.folder ? [{ id: labelId(subscription.folder.name), label: subscription.folder.name }] : [],
        url: subscription.url,
        htmlUrl: subscription.siteUrl ?? '',
      })),
    };
  });

  // Folders are labels; besides starred (all FreshRSS lists), the other states Tidings keeps for an item, and the
  // highlighted articles as a tag (unless a folder has its name).
  app.get('/tag/list', async (request) => {
    const { folders } = await listSyncSubscriptions(request.context.services, requireViewer(request));
    const highlights = folders.some((folder) => folder.name === HIGHLIGHTS_LABEL) ? [] : [{ id: labelId(HIGHLIGHTS_LABEL), type: 'tag' }];
    return {
      tags: [
        ...['starred', 'read', 'like', 'broadcast'].map((state) => ({ id: stateId(state) })),
        ...folders.map((folder) => ({ id: labelId(folder.name), type: 'folder' })),
        ...highlights,
      ],
    };
  });

  app.get('/unread-count', async (request) => {
    const feeds = await unreadCountsWithNewest(request.context.services, requireViewer(request));
    const usec = (date: Date | null) => (date ? `${date.getTime()}000` : '0');
    // A muted feed keeps its own count, as its own stream answers; its label and the reading list leave it out.
    const counted = feeds.filter((feed) => !feed.muted);
    const folders = new Map<string, { count: number; newest: Date | null }>();
    for (const feed of counted) {
      if (feed.folderName === null) continue;
      const folder = folders.get(feed.folderName) ?? { count: 0, newest: null };
      folders.set(feed.folderName, { count: folder.count + feed.count, newest: later(folder.newest, feed.newest) });
    }
    const total = counted.reduce((sum, feed) => sum + feed.count, 0);
    const newest = counted.reduce<Date | null>((latest, feed) => later(latest, feed.newest), null);
    return {
      max: total,
      unreadcounts: [
        ...feeds.map((feed) => ({ id: feedStreamId(feed.feedSyncId), count: feed.count, newestItemTimestampUsec: usec(feed.newest) })),
        ...[...folders].map(([name, folder]) => ({ id: labelId(name), count: folder.count, newestItemTimestampUsec: usec(folder.newest) })),
        { id: READING_LIST, count: total, newestItemTimestampUsec: usec(newest) },
      ],
    };
  });

  // ac=subscribe (s=feed/<address>), unsubscribe, or edit: t renames, a=label moves into a folder (made if
  // missing), r=label takes out of one. An edit of no feed with a=label makes the folder (Read You's "new group").
  app.post('/subscription/edit', async (request, reply) => {
    const services = request.context.services;
    const viewer = requireViewer(request);
    const params = callParams(request);
    const action = params.get('ac');
    const streams = params.getAll('s');
    if (action !== 'subscribe' && action !== 'unsubscribe' && action !== 'edit')
      throw new InvalidInputError('ac must be subscribe, unsubscribe or edit');
    const newFolder = labelOf(params.get('a') ?? '');
    if (action === 'edit' && streams.length === 0 && newFolder !== null) {
      await folderNamed(services, viewer, newFolder);
      return plainText(reply, 'OK');
    }
    if (streams.length === 0 || !streams.every((stream) => stream.startsWith('feed/')))
      throw new InvalidInputError('s must name feeds (feed/…)');
    const titles = params.getAll('t');
    for (const [index, stream] of streams.entries()) {
      const feed = stream.slice('feed/'.length);
      const title = titles[index]?.trim() || null;
      if (action === 'unsubscribe') {
        await unsubscribe(services, viewer, (await subscriptionOfFeed(services, viewer, feed)).id);
        continue;
      }
      const subscriptionId =
        action === 'subscribe'
          ? (await subscribe(services, viewer, { url: feed })).subscription.id
          : (await subscriptionOfFeed(services, viewer, feed)).id;
      await editSubscription(services, viewer, subscriptionId, {
        title,
        add: labelOf(params.get('a') ?? ''),
        remove: labelOf(params.get('r') ?? ''),
      });
    }
    return plainText(reply, 'OK');
  });

  app.post('/subscription/quickadd', async (request) => {
    const services = request.context.services;
    const viewer = requireViewer(request);
    const query = callParams(request).get('quickadd')?.trim() ?? '';
    const url = query.startsWith('feed/') ? query.slice('feed/'.length) : query;
    let feedId: string;
    try {
      feedId = (await subscribe(services, viewer, { url })).subscription.feedId;
    } catch (error) {
      if (error instanceof InvalidInputError) return { numResults: 0, query, error: error.message };
      if (!(error instanceof ConflictError)) throw error;
      // Already followed: the client learns the stream it has.
      feedId = (await subscriptionOfFeed(services, viewer, url)).feedId;
    }
    const { subscriptions } = await listSyncSubscriptions(services, viewer);
    const added = subscriptions.find((subscription) => subscription.feedId === feedId)!;
    return { numResults: 1, query, streamId: feedStreamId(added.feedSyncId), streamName: added.title };
  });
}

function later(a: Date | null, b: Date | null): Date | null {
  return a === null || (b !== null && b > a) ? b : a;
}

async function editSubscription(
  services: Services,
  viewer: Viewer,
  subscriptionId: string,
  edit: { title: string | null; add: string | null; remove: string | null },
): Promise<void> {
  if (edit.title !== null) await renameSubscription(services, viewer, subscriptionId, { title: edit.title });
  if (edit.add !== null) {
    const folder = await folderNamed(services, viewer, edit.add);
    await moveSubscriptionToFolder(services, viewer, folder.id, { subscriptionId });
  } else if (edit.remove !== null) {
    await removeSubscriptionFromFolder(services, viewer, { subscriptionId });
  }
}
