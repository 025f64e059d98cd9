import { exportOpml, OpmlError, parseOpml, type OpmlFeed } from '../../ingest/opml.ts';
import { FOLDER_NAME_MAX } from '@tidings/shared/limits';
import { InvalidInputError } from '../core/errors.ts';
import type { Services, Viewer } from '../core/services.ts';
import { assertNoBulkSubscribeRunning, subscribeInBulk, type BulkSubscribeAnswer } from './bulkSubscribe.ts';
import { assertSubscriptionRoom, displayTitle } from './subscriptions.ts';
import { feedUrl } from '../core/feedUrl.ts';

export type OpmlFile = { filename: string; content: Buffer };

/**
 * Imports an OPML file through the bulk subscribe path (Discover's): each outline folder becomes a folder (reusing
 * one of the same name), each feed a subscription in it. A feed the instance has is subscribed at once, a new one is
 * fetched under the bulk path's concurrency and per-host limits; feeds already followed are skipped, bad or failing
 * addresses counted as errors. A file that would go over the subscription cap is refused whole, before anything, and
 * so is any import while one of the viewer's bulk subscribes or imports still runs (409).
 */
export async function importOpml(services: Services, viewer: Viewer, file: OpmlFile): Promise<BulkSubscribeAnswer> {
  if (!/\.(opml|xml)$/i.test(file.filename)) throw new InvalidInputError('Please select a valid OPML file (.opml or .xml)');
  let document;
  try {
    document = parseOpml(file.content);
  } catch (error) {
    if (error instanceof OpmlError) throw new InvalidInputError(error.message);
    throw error;
  }
  const groups = [
    ...document.folders.map((folder) => ({ folderName: folder.name.trim().slice(0, FOLDER_NAME_MAX) || 'Imported', feeds: folder.feeds })),
    { folderName: null, feeds: document.rootFeeds },
  ];
  await assertImportRoom(
    services,
    viewer,
    groups.flatMap((group) => group.feeds),
  );
  // Before the folders are made; subscribeInBulk checks again, under the user's lock, as it enqueues.
  await assertNoBulkSubscribeRunning(services.db, viewer);
  const folderIds = await services.db.$transaction(async (tx) => {
    const ids = new Map<string, string>();
    for (const { folderName } of groups) if (folderName) ids.set(folderName, await findOrCreateFolder(tx, viewer.id, folderName));
    return ids;
  });
  const entries = groups.flatMap(({ folderName, feeds }) =>
    feeds.map((outline) => ({ address: outline.url, folderId: folderName ? folderIds.get(folderName)! : null })),
  );
  return subscribeInBulk(services, viewer, entries);
}

/** Refuses an import whose new feeds (valid addresses not followed yet) would take the viewer over the cap. */
async function assertImportRoom(services: Services, viewer: Viewer, outlines: readonly OpmlFeed[]) {
  const urls = new Set(outlines.flatMap((outline) => feedUrl.safeParse(outline.url).data ?? []));
  const followed = await services.db.subscription.count({ where: { userId: viewer.id, feed: { url: { in: [...urls] } } } });
  await assertSubscriptionRoom(services.db, services, viewer.id, urls.size - followed);
}

type Tx = Parameters<Parameters<Services['db']['$transaction']>[0]>[0];

async function findOrCreateFolder(tx: Tx, userId: string, name: string): Promise<string> {
  const folder = await tx.folder.upsert({ where: { userId_name: { userId, name } }, update: {}, create: { userId, name } });
  return folder.id;
}

/** The viewer's subscriptions as an OPML 2.0 document, with their folders, and its dated file name. */
export async function exportSubscriptionsOpml(services: Services, viewer: Viewer, now = new Date()) {
  const subscriptions = await services.db.subscription.findMany({
    where: { userId: viewer.id },
    include: { feed: { select: { url: true, title: true, siteUrl: true } }, folder: { select: { name: true } } },
    orderBy: { id: 'asc' },
  });
  const asOutline = (subscription: (typeof subscriptions)[number]) => ({
    url: subscription.feed.url,
    title: displayTitle(subscription),
    siteUrl: subscription.feed.siteUrl,
  });
  const folders = new Map<string, OpmlFeed[]>();
  for (const subscription of subscriptions) {
    if (!subscription.folder) continue;
    folders.set(subscription.folder.name, [...(folders.get(subscription.folder.name) ?? []), asOutline(subscription)]);
  }
  const text = exportOpml({
    title: `Tidings subscriptions of ${viewer.username}`,
    dateCreated: now,
    folders: [...folders].map(([name, feeds]) => ({ name, feeds })),
    rootFeeds: subscriptions.filter((subscription) => !subscription.folder).map(asOutline),
  });
  return { filename: `tidings-subscriptions-${now.toISOString().slice(0, 10)}.opml`, text };
}
