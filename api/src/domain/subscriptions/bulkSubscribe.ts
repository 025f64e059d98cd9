import { z } from 'zod';
import type { BulkSubscribeJob } from '../../generated/prisma/client.ts';
import { ConflictError, DomainError, NotFoundError, parseInput } from '../core/errors.ts';
import { uuid } from '../core/fields.ts';
import { subscribe } from './subscribe.ts';
import { feedUrl } from '../core/feedUrl.ts';
import type { Services, Viewer } from '../core/services.ts';
import { createHostLimiter } from '../refresh/hostLimiter.ts';

/** Up to this many addresses are subscribed while the request waits; more run as a job the page follows. */
export const BULK_SUBSCRIBE_INLINE_MAX = 10;
/** Addresses one request may name (a pack has at most 100; an OPML file has its own limit). */
export const BULK_SUBSCRIBE_MAX = 500;
/** New feeds fetched at once (at most FEED_FETCHES_PER_HOST of them from one host): quick for a pack, polite to each publisher. */
export const BULK_FETCH_CONCURRENCY = 6;

export type BulkFailure = { url: string; error: string };
/**
 * What became of one address: `added`, `skipped` (already followed, or named twice) or `failed`, with the reason
 * (the subscribe error's message) when it was not added.
 */
export type BulkFeedOutcome = { url: string; outcome: 'added' | 'skipped' | 'failed'; reason: string | null };
/** The counts, the failures (url and error) and every address handled, in the order they were given. */
export type BulkSubscribeSummary = {
  subscribed: number;
  skipped: number;
  errors: number;
  failures: BulkFailure[];
  feeds: BulkFeedOutcome[];
};
/**
 * `error`: why the job stopped before trying every address (out of time, or its last attempt failed). `filename`:
 * the OPML file's, for an import (whose report its owner keeps); null for Discover's bulk subscribes.
 */
export type BulkSubscribeProgress = BulkSubscribeSummary & {
  id: string;
  done: boolean;
  total: number;
  error: string | null;
  filename: string | null;
  createdAt: Date;
};
/** `report`: an OPML import's stored record, done or queued, which its owner keeps until dismissing it (null for Discover's). */
export type BulkSubscribeAnswer =
  | { kind: 'done'; summary: BulkSubscribeSummary; report: BulkSubscribeProgress | null }
  | { kind: 'queued'; jobId: string; total: number; report: BulkSubscribeProgress | null };
/**
 * One address to subscribe to, and the name of the viewer's folder its subscription goes into (OPML import keeps its
 * folders): the folder is made with the first subscription that goes into it, so a folder none of whose feeds could
 * be added is never made.
 */
export type BulkEntry = { address: unknown; folder: string | null };

const NO_FEEDS = 'No feeds selected';
/** Why an address named twice in one request was skipped the second time. */
export const NAMED_TWICE = 'Listed more than once';

/** NAMED_TWICE, naming the folder the address went into the first time (an OPML file's feed in two categories). */
function namedTwice(firstFolder: string | null): string {
  return firstFolder === null ? NAMED_TWICE : `${NAMED_TWICE}: kept in the folder "${firstFolder}"`;
}

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
    feedUrls.map((address) => ({ address, folder: null })),
  );
}

/**
 * The one way many subscriptions are made (Discover, OPML import). Up to BULK_SUBSCRIBE_INLINE_MAX addresses are
 * done before answering; more are handed to the `bulk_subscribe` job, whose progress the owner reads with
 * `bulkSubscribeProgress`. With a `filename` (an OPML import) the outcome is kept as the import's report, a small
 * import's too, recorded done, until its owner dismisses it (`opmlImportReport`).
 * One bulk subscribe job per user at a time: while one runs, another (of any size) is refused with a 409 rather than
 * queued, so one account never holds more than one of the worker's bulk slots and nothing piles up behind it.
 */
export async function subscribeInBulk(
  services: Services,
  viewer: Viewer,
  entries: readonly BulkEntry[],
  { filename = null }: { filename?: string | null } = {},
): Promise<BulkSubscribeAnswer> {
  const addresses = entries.map(({ address }) => (typeof address === 'string' ? address : String(address)));
  if (entries.length <= BULK_SUBSCRIBE_INLINE_MAX) {
    await assertNoBulkSubscribeRunning(services.db, viewer);
    const summary = await subscribeAll(services, viewer, entries);
    if (filename === null) return { kind: 'done', summary, report: null };
    const { subscribed, skipped, errors, feeds } = summary;
    const report = await services.db.bulkSubscribeJob.create({
      data: { userId: viewer.id, filename, feedUrls: addresses, total: addresses.length, subscribed, skipped, errors, feeds, done: true },
    });
    return { kind: 'done', summary, report: progressOf(report) };
  }
  // An address named twice keeps its first folder (the job skips the second, as subscribeAll does).
  const firstFolders = new Map<string, string | null>();
  entries.forEach(({ folder }, i) => {
    if (!firstFolders.has(addresses[i]!)) firstFolders.set(addresses[i]!, folder);
  });
  const folderByAddress = Object.fromEntries([...firstFolders].filter(([, folder]) => folder !== null));
  const job = await services.db.$transaction(async (tx) => {
    // Two requests of one user at once take turns here, so the second sees the first's job and is refused.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`bulk_subscribe:${viewer.id}`}, 0))`;
    await assertNoBulkSubscribeRunning(tx, viewer);
    const created = await tx.bulkSubscribeJob.create({
      data: { userId: viewer.id, filename, feedUrls: addresses, folderByAddress, total: addresses.length },
    });
    await services.jobs.add(tx, 'bulk_subscribe', { jobId: created.id }, { jobKey: `bulk_subscribe:${created.id}` });
    return created;
  });
  return { kind: 'queued', jobId: job.id, total: job.total, report: filename === null ? null : progressOf(job) };
}

type JobReader = Pick<Services['db'], 'bulkSubscribeJob'>;

/** Refuses (409) while the viewer has a bulk subscribe job that has not finished, naming its progress. */
export async function assertNoBulkSubscribeRunning(db: JobReader, viewer: Viewer): Promise<void> {
  const running = await db.bulkSubscribeJob.findFirst({
    where: { userId: viewer.id, done: false },
    select: { total: true, subscribed: true, skipped: true, errors: true },
  });
  if (!running) return;
  const handled = running.subscribed + running.skipped + running.errors;
  throw new ConflictError(
    `An import is already running (${handled} of ${running.total} feeds done). Please wait until it finishes before starting another.`,
  );
}

/**
 * Works through a queued bulk subscribe, recording progress after each address (a retry starts the count over).
 * Once `signal` aborts (the job ran out of time) no further address is started and nothing more is recorded: the
 * worker records the failure (failBulkSubscribeJob) and frees the slot.
 */
export async function runBulkSubscribeJob(services: Services, jobId: string, signal?: AbortSignal): Promise<void> {
  const job = await services.db.bulkSubscribeJob.findUnique({ where: { id: jobId }, include: { user: true } });
  if (!job || job.done) return; // the owner was deleted, or a retry after the last write
  const viewer: Viewer = {
    id: job.user.id,
    username: job.user.username,
    role: job.user.role,
    credential: { kind: 'session', id: `bulk_subscribe:${job.id}` },
  };
  const folderByAddress = job.folderByAddress as Record<string, string>;
  const entries = job.feedUrls.map((address) => ({ address, folder: folderByAddress[address] ?? null }));
  // Only while the job is not done: a job stopped meanwhile keeps its error and the counts it had then.
  const record = ({ subscribed, skipped, errors, feeds }: BulkSubscribeSummary, done = false) =>
    services.db.bulkSubscribeJob.updateMany({ where: { id: job.id, done: false }, data: { subscribed, skipped, errors, feeds, done } });
  const summary = await subscribeAll(
    services,
    viewer,
    entries,
    (progress) => (signal?.aborted ? Promise.resolve() : record(progress)),
    signal,
  );
  if (!signal?.aborted) await record(summary, true);
}

/**
 * Ends a bulk subscribe that the worker stopped (`reason`: "Stopped after 30 minutes", "Failed after 25 attempts"):
 * done, with an error that says how far it got, so its owner sees why and may start another.
 */
export async function failBulkSubscribeJob(services: Services, jobId: string, reason: string): Promise<void> {
  const job = await services.db.bulkSubscribeJob.findUnique({ where: { id: jobId } });
  if (!job || job.done) return;
  const handled = job.subscribed + job.skipped + job.errors;
  const error = `${reason}: ${handled} of ${job.total} feeds were handled; start it again to add the other ${job.total - handled} (feeds you already follow are skipped).`;
  await services.db.bulkSubscribeJob.updateMany({ where: { id: jobId, done: false }, data: { done: true, error } });
}

/** A bulk subscribe's progress, for its owner only (anyone else: not found). */
export async function bulkSubscribeProgress(services: Services, viewer: Viewer, jobId: unknown): Promise<BulkSubscribeProgress> {
  const id = uuid.safeParse(jobId);
  const job = id.success ? await services.db.bulkSubscribeJob.findFirst({ where: { id: id.data, userId: viewer.id } }) : null;
  if (!job) throw new NotFoundError('Bulk subscribe job not found');
  return progressOf(job);
}

/** A stored bulk subscribe as its owner reads it. */
export function progressOf(job: BulkSubscribeJob): BulkSubscribeProgress {
  const { id, done, total, subscribed, skipped, errors, error, filename, createdAt } = job;
  const feeds = job.feeds as BulkFeedOutcome[];
  return { id, done, total, subscribed, skipped, errors, error, filename, createdAt, feeds, failures: failuresOf(feeds) };
}

function failuresOf(feeds: readonly BulkFeedOutcome[]): BulkFailure[] {
  return feeds.flatMap(({ url, outcome, reason }) => (outcome === 'failed' ? [{ url, error: reason ?? '' }] : []));
}

/**
 * Subscribes to each address: a feed the instance already has is subscribed at once, a new one is fetched (through
 * `subscribe`, the guarded fetcher) under the concurrency and per-host limits. An address named twice, or already
 * followed, is skipped. `onProgress` sees the running summary after each address, one call at a time. Once `signal`
 * aborts, addresses not yet started are left alone (and not counted).
 */
async function subscribeAll(
  services: Services,
  viewer: Viewer,
  entries: readonly BulkEntry[],
  onProgress?: (summary: BulkSubscribeSummary) => Promise<unknown>,
  signal?: AbortSignal,
): Promise<BulkSubscribeSummary> {
  // Each entry's outcome at its own place, so the report lists the addresses in the order they were given.
  const outcomes: (BulkFeedOutcome | undefined)[] = entries.map(() => undefined);
  const parsed = entries.map(({ address, folder }) => ({ address, folder, url: feedUrl.safeParse(address) }));
  const urls = parsed.flatMap(({ url }) => (url.success ? [url.data] : []));
  const known = new Set((await services.db.feed.findMany({ where: { url: { in: urls } }, select: { url: true } })).map((feed) => feed.url));
  const limit = createHostLimiter(BULK_FETCH_CONCURRENCY, services.config.feedFetchesPerHost);
  /** Each address handled so far, and the folder it goes into. */
  const seen = new Map<string, string | null>();
  let reporting = Promise.resolve();

  const record = (index: number, url: string, outcome: BulkFeedOutcome['outcome'], reason: string | null = null) => {
    outcomes[index] = { url, outcome, reason };
    if (onProgress) {
      const snapshot = summaryOf(outcomes);
      reporting = reporting.then(() => onProgress(snapshot)).then(() => undefined);
    }
  };

  await Promise.all(
    parsed.map(async ({ address, folder, url }, index) => {
      if (!url.success) return record(index, String(address), 'failed', url.error.issues[0]!.message);
      if (seen.has(url.data)) return record(index, url.data, 'skipped', namedTwice(seen.get(url.data)!));
      seen.set(url.data, folder);
      const attempt = async () => {
        signal?.throwIfAborted();
        return subscribe(services, viewer, { url: url.data }, { folder });
      };
      try {
        await (known.has(url.data) ? attempt() : limit(new URL(url.data).hostname, attempt));
        record(index, url.data, 'added');
      } catch (error) {
        if (signal?.aborted) return;
        if (error instanceof ConflictError) return record(index, url.data, 'skipped', error.message);
        if (error instanceof DomainError) return record(index, url.data, 'failed', error.message);
        services.log.error({ err: error, url: url.data }, 'bulk subscribe failed on one feed');
        record(index, url.data, 'failed', 'Failed to subscribe to feed');
      }
    }),
  );
  await reporting;
  return summaryOf(outcomes);
}

/** The summary of the addresses handled so far (those not yet handled are left out). */
function summaryOf(outcomes: readonly (BulkFeedOutcome | undefined)[]): BulkSubscribeSummary {
  const feeds = outcomes.filter((outcome) => outcome !== undefined);
  const count = (kind: BulkFeedOutcome['outcome']) => feeds.filter(({ outcome }) => outcome === kind).length;
  return { subscribed: count('added'), skipped: count('skipped'), errors: count('failed'), failures: failuresOf(feeds), feeds };
}
