import { exportOpml, OpmlError, parseOpml, type OpmlFeed } from '../../ingest/opml.ts';
import { FOLDER_NAME_MAX } from '@tidings/shared/limits';
import { ConflictError, InvalidInputError, NotFoundError } from '../core/errors.ts';
import { uuid } from '../core/fields.ts';
import type { Services, Viewer } from '../core/services.ts';
import { progressOf, subscribeInBulk, type BulkSubscribeAnswer, type BulkSubscribeProgress } from './bulkSubscribe.ts';
import { assertSubscriptionRoom, displayTitle } from './subscriptions.ts';
import { feedUrl } from '../core/feedUrl.ts';

export type OpmlFile = { filename: string; content: Buffer };

const OPML_FILENAME_MAX = 255;

/**
 * Imports an OPML file through the bulk subscribe path (Discover's): each feed becomes a subscription in its outline
 * folder (one of the same name, made with the folder's first subscription, so a folder none of whose feeds could be
 * added is not made). A feed the instance has is subscribed at once, a new one is fetched under the bulk path's
 * concurrency and per-host limits; feeds already followed are skipped, bad or failing addresses fail with the
 * subscribe error's reason. Every import is recorded with what became of each address, the report Settings shows
 * until its owner dismisses it (`opmlImportReport`). A file that would go over the subscription cap is refused whole,
 * before anything, and so is any import while one of the viewer's bulk subscribes or imports still runs (409).
 */
export async function importOpml(services: Services, viewer: Viewer, file: OpmlFile): Promise<BulkSubscribeAnswer> {
  // The name is kept with the report: a control character (NUL among them, which PostgreSQL refuses) is no file's name.
  if (!/\.(opml|xml)$/i.test(file.filename) || /[\u0000-\u001f\u007f]/.test(file.filename)) {
    throw new InvalidInputError('Please select a valid OPML file (.opml or .xml)');
  }
  let document;
  try {
    document = parseOpml(file.content);
  } catch (error) {
    if (error instanceof OpmlError) throw new InvalidInputError(error.message);
    throw error;
  }
  const groups = [
    ...document.folders.map((folder) => ({ folderName: tidingsFolderName(folder.name), feeds: folder.feeds })),
    { folderName: null, feeds: document.rootFeeds },
  ];
  await assertImportRoom(
    services,
    viewer,
    groups.flatMap((group) => group.feeds),
  );
  // A feed listed again (in another category) follows its first listing, so the report says it was skipped and
  // names the folder it went to.
  const entries = [
    ...groups.flatMap(({ folderName, feeds }) => feeds.map((outline) => ({ address: outline.url, folder: folderName }))),
    ...(document.repeats ?? []).map(({ url, keptIn }) => ({ address: url, folder: keptIn === null ? null : tidingsFolderName(keptIn) })),
  ];
  // The name is only shown back to its owner; a path-length cap keeps a made-up one from filling the row.
  return subscribeInBulk(services, viewer, entries, { filename: file.filename.slice(-OPML_FILENAME_MAX) });
}

/** The folder an OPML category's feeds go into: its name, trimmed to a folder name's length. */
function tidingsFolderName(category: string): string {
  return category.trim().slice(0, FOLDER_NAME_MAX) || 'Imported';
}

/** The viewer's latest OPML import (running or done) while its report is not dismissed; null otherwise. */
export async function opmlImportReport(services: Services, viewer: Viewer): Promise<BulkSubscribeProgress | null> {
  const latest = await services.db.bulkSubscribeJob.findFirst({
    where: { userId: viewer.id, filename: { not: null } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
  return latest && !latest.dismissedAt ? progressOf(latest) : null;
}

/**
 * Dismisses the report of one of the viewer's OPML imports once it is done (a running one keeps showing its
 * progress: 409). Anyone else's, or a Discover bulk subscribe: not found. Dismissing twice is no error.
 */
export async function dismissOpmlImport(services: Services, viewer: Viewer, jobId: unknown): Promise<{ id: string }> {
  const id = uuid.safeParse(jobId);
  const job = id.success
    ? await services.db.bulkSubscribeJob.findFirst({
        where: { id: id.data, userId: viewer.id, filename: { not: null } },
        select: { id: true, done: true },
      })
    : null;
  if (!job) throw new NotFoundError('Import not found');
  if (!job.done) throw new ConflictError('The import is still running; its report can be dismissed once it is done');
  await services.db.bulkSubscribeJob.updateMany({ where: { id: job.id, dismissedAt: null }, data: { dismissedAt: new Date() } });
  return { id: job.id };
}

/** Refuses an import whose new feeds (valid addresses not followed yet) would take the viewer over the cap. */
async function assertImportRoom(services: Services, viewer: Viewer, outlines: readonly OpmlFeed[]) {
  const urls = new Set(outlines.flatMap((outline) => feedUrl.safeParse(outline.url).data ?? []));
  const followed = await services.db.subscription.count({ where: { userId: viewer.id, feed: { url: { in: [...urls] } } } });
  await assertSubscriptionRoom(services.db, services, viewer.id, urls.size - followed);
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
