import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { Prisma, RetentionRunStatus, RetentionTrigger } from '../../generated/prisma/client.ts';
import { requireAdministrator } from '../access/administrators.ts';
import { parseInput } from '../core/errors.ts';
import type { Services, Viewer } from '../core/services.ts';
import { runRetention } from './retention.ts';

/**
 * Retention jobs, nightly or asked for, run one at a time in this named queue of Graphile Worker, and a queued one
 * keeps this job key: asking again while one waits replaces it rather than queueing a second (jobs/worker.ts's
 * crontab uses both too).
 */
export const RETENTION_QUEUE = 'retention';
export const RETENTION_JOB_KEY = 'apply_retention';
/** The longest `POST /api/admin/retention/run` waits for the pass before answering 202 with the run to follow. */
export const RETENTION_WAIT_SECONDS_MAX = 20;
/** How often a waiting request reads the run's progress again. */
const WAIT_POLL_MS = 250;
/** Runs `retentionRuns` answers unless asked for fewer or more (at most RETENTION_RUNS_MAX). */
const RETENTION_RUNS_DEFAULT = 10;
const RETENTION_RUNS_MAX = 50;

const UNFINISHED: RetentionRunStatus[] = ['queued', 'running'];
/** The error of a run a worker left unfinished (it was killed mid-pass), found when the next pass starts. */
export const WORKER_STOPPED = 'The worker stopped before this pass finished';

/** A retention pass as administrators follow it: its progress so far, or what it did. */
export type RetentionRunView = {
  id: string;
  trigger: RetentionTrigger;
  /** The administrator's username; null for the nightly pass or once that account is gone. */
  requestedBy: string | null;
  status: RetentionRunStatus;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  deleted: number;
  batches: number;
  freedBytes: number;
  cutoff: Date | null;
  /** The publication date of the last article the pass read (oldest first); null before its first batch. */
  reachedAt: Date | null;
  keepPerFeed: number | null;
  error: string | null;
};

const withRequester = { requestedBy: { select: { username: true } } } as const;
type StoredRun = Prisma.RetentionRunGetPayload<{ include: typeof withRequester }>;

function viewOf({ requestedBy, requestedById: _requester, freedBytes, ...run }: StoredRun): RetentionRunView {
  return { ...run, requestedBy: requestedBy?.username ?? null, freedBytes: Number(freedBytes) };
}

export function isFinished(run: Pick<RetentionRunView, 'status'>): boolean {
  return !UNFINISHED.includes(run.status);
}

/** Asking for a run and a pass claiming one take turns, so there is never more than one unfinished run. */
async function lockRetentionRuns(tx: Prisma.TransactionClient): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('retention_runs', 0))`;
}

/**
 * Queues a retention pass for an administrator, in the `apply_retention` job; while one is queued or running, joins
 * it instead (`joined`). Answers at once: the run's progress is read with `retentionRuns`.
 */
export async function requestRetentionRun(services: Services, viewer: Viewer | null): Promise<{ run: RetentionRunView; joined: boolean }> {
  const admin = requireAdministrator(viewer);
  return services.db.$transaction(async (tx) => {
    await lockRetentionRuns(tx);
    const unfinished = await tx.retentionRun.findFirst({ where: { status: { in: UNFINISHED } }, include: withRequester });
    const run =
      unfinished ?? (await tx.retentionRun.create({ data: { trigger: 'administrator', requestedById: admin.id }, include: withRequester }));
    // Joining queues its job again under the same key: a job still waiting is only replaced, and a run left running by
    // a worker that stopped is taken up again (a job that finds its run finished does nothing).
    await services.jobs.add(tx, 'apply_retention', { runId: run.id }, { jobKey: RETENTION_JOB_KEY, queueName: RETENTION_QUEUE });
    return { run: viewOf(run), joined: unfinished !== null };
  });
}

const waitInput = z.object({
  waitSeconds: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce
      .number({ error: 'waitSeconds must be a number' })
      .int('waitSeconds must be a whole number')
      .min(0, 'waitSeconds must be 0 or more')
      .max(RETENTION_WAIT_SECONDS_MAX, `waitSeconds must be at most ${RETENTION_WAIT_SECONDS_MAX}`)
      .default(RETENTION_WAIT_SECONDS_MAX),
  ),
});

/**
 * "Run retention now" for a caller that waits: queues the pass (or joins the one queued or running), then waits up
 * to `waitSeconds` (RETENTION_WAIT_SECONDS_MAX unless given) for it to finish. `finished` false: still queued or
 * running, to follow with `retentionRuns`.
 */
export async function runRetentionNow(
  services: Services,
  viewer: Viewer | null,
  input: unknown,
): Promise<{ run: RetentionRunView; finished: boolean }> {
  requireAdministrator(viewer);
  const { waitSeconds } = parseInput(waitInput, input ?? {});
  let { run } = await requestRetentionRun(services, viewer);
  const deadline = Date.now() + waitSeconds * 1000;
  while (!isFinished(run) && Date.now() < deadline) {
    await sleep(Math.min(WAIT_POLL_MS, deadline - Date.now()));
    run = viewOf(await services.db.retentionRun.findUniqueOrThrow({ where: { id: run.id }, include: withRequester }));
  }
  return { run, finished: isFinished(run) };
}

const listInput = z.object({
  limit: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(RETENTION_RUNS_MAX, `limit must be at most ${RETENTION_RUNS_MAX}`)
      .default(RETENTION_RUNS_DEFAULT),
  ),
});

/** The latest retention passes, newest first, with their progress (administrators only). `limit`: 1 to 50, 10 unless given. */
export async function retentionRuns(services: Services, viewer: Viewer | null, input: unknown): Promise<RetentionRunView[]> {
  requireAdministrator(viewer);
  const { limit } = parseInput(listInput, input ?? {});
  const runs = await services.db.retentionRun.findMany({
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit,
    include: withRequester,
  });
  return runs.map(viewOf);
}

/**
 * Takes the run this job is for (`runId`, an administrator's) or, for the nightly job, the one queued (else one left
 * running), else a new nightly one, and marks it running. Retention jobs run one at a time (RETENTION_QUEUE), so any
 * other unfinished run is one a stopped worker left behind: it is marked failed. Null when the job's run already
 * finished (a retry).
 */
async function claimRun(services: Pick<Services, 'db'>, runId: string | undefined): Promise<string | null> {
  return services.db.$transaction(async (tx) => {
    await lockRetentionRuns(tx);
    const unfinished = await tx.retentionRun.findMany({ where: { status: { in: UNFINISHED } }, orderBy: { createdAt: 'desc' } });
    if (runId !== undefined && !unfinished.some((run) => run.id === runId)) return null;
    const claimed =
      unfinished.find((run) => run.id === runId) ??
      unfinished.find((run) => run.status === 'queued') ??
      unfinished[0] ??
      (await tx.retentionRun.create({ data: { trigger: 'nightly' } }));
    const now = new Date();
    await tx.retentionRun.updateMany({
      where: { id: { in: unfinished.filter((run) => run.id !== claimed.id).map((run) => run.id) } },
      data: { status: 'failed', finishedAt: now, error: WORKER_STOPPED },
    });
    // A run a stopped worker left running goes on from its counts (its deleted articles are gone).
    await tx.retentionRun.update({ where: { id: claimed.id }, data: { status: 'running', startedAt: claimed.startedAt ?? now } });
    return claimed.id;
  });
}

/**
 * The `apply_retention` job's work (jobs/tasks/apply_retention.ts): one retention pass (domain/admin/retention.ts),
 * its progress recorded after each batch. A pass that fails, or stops at its budget (`signal`), is recorded failed
 * with the reason, and the next night's pass goes on from there.
 */
export async function performRetentionRun(
  services: Pick<Services, 'db' | 'config' | 'log'>,
  runId: string | undefined,
  signal?: AbortSignal,
): Promise<RetentionRunView | null> {
  const id = await claimRun(services, runId);
  if (id === null) return null;
  const record = (data: Prisma.RetentionRunUpdateManyMutationInput) =>
    services.db.retentionRun.updateMany({ where: { id, status: 'running' }, data });
  try {
    await runRetention(services, {
      signal,
      onStart: ({ cutoff, keepPerFeed }) => record({ cutoff, keepPerFeed }),
      onBatch: ({ deleted, freedBytes, reachedAt }) =>
        record({ deleted: { increment: deleted }, batches: { increment: 1 }, freedBytes: { increment: freedBytes }, reachedAt }),
    });
    if (signal?.aborted) await record({ status: 'failed', finishedAt: new Date(), error: reasonOf(signal.reason) });
    else await record({ status: 'done', finishedAt: new Date() });
  } catch (error) {
    services.log.error({ err: error, runId: id }, 'retention pass failed');
    await record({ status: 'failed', finishedAt: new Date(), error: reasonOf(error) });
  }
  return viewOf(await services.db.retentionRun.findUniqueOrThrow({ where: { id }, include: withRequester }));
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
