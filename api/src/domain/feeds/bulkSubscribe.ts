import { z } from 'zod';
import { ConflictError, DomainError, NotFoundError, parseInput } from '../errors.ts';
import { uuid } from '../fields.ts';
import { subscribe } from './subscribe.ts';
import { feedUrl } from './feedUrl.ts';
import type { Services, Viewer } from '../services.ts';
import { createHostLimiter } from './hostLimiter.ts';

/** Up to this many addresses are subscribed while the request waits; more run as a job the page follows. */
export const BULK_SUBSCRIBE_INLINE_MAX = 10;
/** Addresses one request may name (a pack has at most 100; an OPML file has its own limit). */
export const BULK_SUBSCRIBE_MAX = 500;
/** New feeds fetched at once (at most FEED_FETCHES_PER_HOST of them from one host): quick for a pack, polite to each publisher. */
export const BULK_FETCH_CONCURRENCY = 6;

export type BulkFailure = { url: string; error: string };
export type BulkSubscribeSummary = { subscribed: number; skipped: number; errors: number; failures: BulkFailure[] };
export type BulkSubscribeProgress = BulkSubscribeSummary & { id: string; done: boolean; total: number };
export type BulkSubscribeAnswer = { kind: 'done'; summary: BulkSubscribeSummary } | { kind: 'queued'; jobId: string; total: number };
/** One address to subscribe to, and the folder (the viewer's) its subscription goes into: OPML import keeps its folders. */
export type BulkEntry = { address: unknown; folderId: string | null };

const NO_FEEDS = 'No feeds selected';

const bulkInput = z.object({
  feedUrls: z
    .array(z.unknown(), { error: (issue) => (issue.input === undefined ? NO_FEEDS : 'feedUrls must be a list of feed URLs') })
    .min(1, NO_FEEDS)
    .max(BULK_SUBSCRIBE_MAX, `At most ${BULK_SUBSCRIBE_MAX} feeds can be subscribed at once`),
});

/**
 * Subscribes the viewer to many feeds (Discover's selection, a starter pack). A bad or failing address is counted
 * as an error and the others go on.
 */
export async function bulkSubscribe(services: Services, viewer: Viewer, input: unknown): Promise<BulkSubscribeAnswer> {
  const feedUrls = parseInput(bulkInput, input ?? {}).feedUrls;
  return subscribeInBulk(
    services,
    viewer,
    feedUrls.map((address) => ({ address, folderId: null })),
  );
}

/**
 * The one way many subscriptions are made (Discover, OPML import). Up to BULK_SUBSCRIBE_INLINE_MAX addresses are
 * done before answering; more are handed to the `bulk_subscribe` job, whose progress the owner reads with
 * `bulkSubscribeProgress`. Folders named by the entries must be the viewer's.
 */
export async function subscribeInBulk(services: Services, viewer: Viewer, entries: readonly BulkEntry[]): Promise<BulkSubscribeAnswer> {
  if (entries.length <= BULK_SUBSCRIBE_INLINE_MAX) return { kind: 'done', summary: await subscribeAll(services, viewer, entries) };
  const addresses = entries.map(({ address }) => (typeof address === 'string' ? address : String(address)));
  const folderByAddress = Object.fromEntries(entries.flatMap(({ folderId }, i) => (folderId ? [[addresses[i]!, folderId]] : [])));
  const job = await services.db.$transaction(async (tx) => {
    const created = await tx.bulkSubscribeJob.create({
      data: { userId: viewer.id, feedUrls: addresses, folderByAddress, total: addresses.length },
    });
    await services.jobs.add(tx, 'bulk_subscribe', { jobId: created.id }, { jobKey: `bulk_subscribe:${created.id}` });
    return created;
  });
  return { kind: 'queued', jobId: job.id, total: job.total };
}

/** Works through a queued bulk subscribe, recording progress after each address (a retry starts the count over). */
export async function runBulkSubscribeJob(services: Services, jobId: string): Promise<void> {
  const job = await services.db.bulkSubscribeJob.findUnique({ where: { id: jobId }, include: { user: true } });
  if (!job || job.done) return; // the owner was deleted, or a retry after the last write
  const viewer: Viewer = {
    id: job.user.id,
    username: job.user.username,
    role: job.user.role,
    credential: { kind: 'session', id: `bulk_subscribe:${job.id}` },
  };
  // A folder deleted since the job was queued: the subscription goes to the top level instead.
  const folderByAddress = job.folderByAddress as Record<string, string>;
  const folders = await services.db.folder.findMany({
    where: { userId: job.userId, id: { in: Object.values(folderByAddress) } },
    select: { id: true },
  });
  const existing = new Set(folders.map((folder) => folder.id));
  const entries = job.feedUrls.map((address) => {
    const folderId = folderByAddress[address];
    return { address, folderId: folderId && existing.has(folderId) ? folderId : null };
  });
  const summary = await subscribeAll(services, viewer, entries, (progress) =>
    services.db.bulkSubscribeJob.update({ where: { id: job.id }, data: progress }),
  );
  await services.db.bulkSubscribeJob.update({ where: { id: job.id }, data: { ...summary, done: true } });
}

/** A bulk subscribe's progress, for its owner only (anyone else: not found). */
export async function bulkSubscribeProgress(services: Services, viewer: Viewer, jobId: unknown): Promise<BulkSubscribeProgress> {
  const id = uuid.safeParse(jobId);
  const job = id.success ? await services.db.bulkSubscribeJob.findFirst({ where: { id: id.data, userId: viewer.id } }) : null;
  if (!job) throw new NotFoundError('Bulk subscribe job not found');
  const { done, total, subscribed, skipped, errors } = job;
  return { id: job.id, done, total, subscribed, skipped, errors, failures: job.failures as BulkFailure[] };
}

/**
 * Subscribes to each address: a feed the instance already has is subscribed at once, a new one is fetched (through
 * `subscribe`, the guarded fetcher) under the concurrency and per-host limits. An address named twice, or already
 * followed, is skipped. `onProgress` sees the running totals after each address, one call at a time.
 */
async function subscribeAll(
  services: Services,
  viewer: Viewer,
  entries: readonly BulkEntry[],
  onProgress?: (summary: BulkSubscribeSummary) => Promise<unknown>,
): Promise<BulkSubscribeSummary> {
  const summary: BulkSubscribeSummary = { subscribed: 0, skipped: 0, errors: 0, failures: [] };
  const parsed = entries.map(({ address, folderId }) => ({ address, folderId, url: feedUrl.safeParse(address) }));
  const urls = parsed.flatMap(({ url }) => (url.success ? [url.data] : []));
  const known = new Set((await services.db.feed.findMany({ where: { url: { in: urls } }, select: { url: true } })).map((feed) => feed.url));
  const limit = createHostLimiter(BULK_FETCH_CONCURRENCY, services.config.feedFetchesPerHost);
  const seen = new Set<string>();
  let reporting = Promise.resolve();

  const record = (outcome: 'subscribed' | 'skipped' | BulkFailure) => {
    if (typeof outcome === 'string') summary[outcome] += 1;
    else {
      summary.errors += 1;
      summary.failures.push(outcome);
    }
    if (onProgress) {
      const snapshot = { ...summary, failures: [...summary.failures] };
      reporting = reporting.then(() => onProgress(snapshot)).then(() => undefined);
    }
  };

  await Promise.all(
    parsed.map(async ({ address, folderId, url }) => {
      if (!url.success) return record({ url: String(address), error: url.error.issues[0]!.message });
      if (seen.has(url.data)) return record('skipped');
      seen.add(url.data);
      const attempt = () => subscribe(services, viewer, { url: url.data }, { folderId });
      try {
        await (known.has(url.data) ? attempt() : limit(new URL(url.data).hostname, attempt));
        record('subscribed');
      } catch (error) {
        if (error instanceof ConflictError) return record('skipped');
        if (error instanceof DomainError) return record({ url: url.data, error: error.message });
        services.log.error({ err: error, url: url.data }, 'bulk subscribe failed on one feed');
        record({ url: url.data, error: 'Failed to subscribe to feed' });
      }
    }),
  );
  await reporting;
  return summary;
}
