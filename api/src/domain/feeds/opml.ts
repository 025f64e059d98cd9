import { exportOpml, OpmlError, parseOpml, type OpmlFeed } from '../../feeds/opml.ts';
import { FOLDER_NAME_MAX } from '../limits.ts';
import { InvalidInputError } from '../errors.ts';
import type { Services, Viewer } from '../services.ts';
import { assertSubscriptionRoom, displayTitle, startSubscription } from '../subscriptions.ts';
import { feedUrl } from './feedUrl.ts';

export type OpmlFile = { filename: string; content: Buffer };
export type OpmlImportSummary = { added: number; skipped: number; errors: number };

/**
 * Imports an OPML file: each outline folder becomes a folder (reusing one of the same name), each feed a
 * subscription; feeds already subscribed are skipped, bad addresses counted as errors. New feeds are fetched
 * by the worker right after (one refresh job per feed, enqueued in the same transaction).
 */
export async function importOpml(services: Services, viewer: Viewer, file: OpmlFile): Promise<OpmlImportSummary> {
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
  const summary: OpmlImportSummary = { added: 0, skipped: 0, errors: 0 };
  const firstFetches = new FirstFetchSchedule();
  await services.db.$transaction(
    async (tx) => {
      for (const group of groups) {
        const folderId = group.folderName ? await findOrCreateFolder(tx, viewer.id, group.folderName) : null;
        for (const outline of group.feeds) {
          const outcome = await importFeed(tx, services, viewer.id, folderId, outline, firstFetches);
          summary[outcome] += 1;
        }
      }
      // Checked once the new ones are known; over the cap, the whole import rolls back.
      await assertSubscriptionRoom(tx, services, viewer.id, 0);
    },
    { timeout: 60_000 },
  );
  return summary;
}

type Tx = Parameters<Parameters<Services['db']['$transaction']>[0]>[0];

async function findOrCreateFolder(tx: Tx, userId: string, name: string): Promise<string> {
  const folder = await tx.folder.upsert({ where: { userId_name: { userId, name } }, update: {}, create: { userId, name } });
  return folder.id;
}

async function importFeed(
  tx: Tx,
  services: Services,
  userId: string,
  folderId: string | null,
  outline: OpmlFeed,
  firstFetches: FirstFetchSchedule,
): Promise<keyof OpmlImportSummary> {
  const url = feedUrl.safeParse(outline.url);
  if (!url.success) return 'errors';
  const feed = await tx.feed.upsert({ where: { url: url.data }, update: {}, create: { url: url.data, title: outline.title.trim() } });
  const existing = await tx.subscription.findUnique({ where: { userId_feedId: { userId, feedId: feed.id } }, select: { id: true } });
  if (existing) return 'skipped';
  await startSubscription(tx, { userId, feedId: feed.id, folderId });
  if (!feed.lastFetchedAt)
    await services.jobs.add(tx, 'refresh_feed', { feedId: feed.id }, { jobKey: `refresh_feed:${feed.id}`, ...firstFetches.next(url.data) });
  return 'added';
}

/** Seconds between two first fetches of an import on one host. */
export const IMPORT_HOST_SPACING_SECONDS = 2;

/**
 * The first fetches of an import, per host: one named queue per host, so the worker fetches one feed of a host at
 * a time however many imports (of any user) name it, spaced so that a thousand addresses on one host are not a
 * burst either.
 */
class FirstFetchSchedule {
  private readonly perHost = new Map<string, number>();
  private readonly start = Date.now();

  next(url: string): { queueName: string; runAt: Date } {
    const host = new URL(url).hostname;
    const position = this.perHost.get(host) ?? 0;
    this.perHost.set(host, position + 1);
    return { queueName: `feed-host:${host}`, runAt: new Date(this.start + position * IMPORT_HOST_SPACING_SECONDS * 1000) };
  }
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
