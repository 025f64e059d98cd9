import { parseCrontab, type JobHelpers } from 'graphile-worker';
import { describe, expect, it, vi } from 'vitest';
import { newFeed } from '../../../test/articleFixtures.ts';
import { signUp } from '../../../test/server.ts';
import { createTestServices } from '../../../test/services.ts';
import { applyRetentionTask } from '../../jobs/tasks/apply_retention.ts';
import { CRONTAB } from '../../jobs/worker.ts';
import { RETENTION_BATCH } from './retention.ts';
import {
  performRetentionRun,
  requestRetentionRun,
  RETENTION_JOB_KEY,
  RETENTION_QUEUE,
  retentionRuns,
  WORKER_STOPPED,
} from './retentionRuns.ts';

const services = await createTestServices();
const admin = (await signUp(services, { admin: true })).user;
const viewer = { id: admin.id, username: admin.username, role: 'admin' as const, credential: { kind: 'session' as const, id: 'test' } };
const DAY = 86_400_000;

const helpers = { logger: { info: vi.fn() } } as unknown as JobHelpers; // only the logger is used
const latest = async () => (await retentionRuns(services, viewer, { limit: 1 }))[0]!;

describe('retention runs', () => {
  it('records its progress after each batch, and a pass stopped midway is recorded failed with the reason', async () => {
    const feed = await newFeed(services);
    // Straight into the table (storing through the refresh path would take seconds): a year old, one a minute.
    await services.db.$executeRaw`
      INSERT INTO "Article" (id, "feedId", guid, title, "publishedAt")
      SELECT gen_random_uuid(), ${feed.id}::uuid, 'old-' || i, 'Old ' || i, now() - interval '400 days' - i * interval '1 minute'
      FROM generate_series(1, ${2 * RETENTION_BATCH + 1}) i`;
    await services.db.instanceConfig.update({ where: { id: 1 }, data: { retentionDays: 30, retentionKeepPerFeed: 0 } });
    const { run } = await requestRetentionRun(services, viewer);
    expect(run).toMatchObject({ status: 'queued', trigger: 'administrator', requestedBy: admin.username, deleted: 0, startedAt: null });

    // Stopped (as by its budget) once the first batch shows in the run's row, while the pass is still going.
    const stop = new AbortController();
    let finished = false;
    const seen: { status: string; batches: number; deleted: number }[] = [];
    const watching = (async () => {
      while (!finished) {
        const { status, batches, deleted } = await services.db.retentionRun.findUniqueOrThrow({ where: { id: run.id } });
        seen.push({ status, batches, deleted });
        if (batches > 0) stop.abort(new Error('Stopped after 60 minutes'));
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    const stopped = await performRetentionRun(services, run.id, stop.signal);
    finished = true;
    await watching;

    expect(seen).toContainEqual({ status: 'running', batches: 1, deleted: RETENTION_BATCH });
    expect(stopped).toMatchObject({ id: run.id, status: 'failed', error: 'Stopped after 60 minutes', keepPerFeed: 0 });
    expect(stopped!.deleted).toBe(stopped!.batches * RETENTION_BATCH);
    expect(stopped!.deleted).toBeLessThan(2 * RETENTION_BATCH + 1);
    expect(stopped!.freedBytes).toBeGreaterThan(0);
    expect(stopped!.startedAt).not.toBeNull();
    expect(stopped!.finishedAt).not.toBeNull();
    expect(stopped!.cutoff!.getTime()).toBeCloseTo(Date.now() - 30 * DAY, -5);

    // A retry of that job finds its run finished and does nothing; the nightly pass goes on and finishes the rest.
    expect(await performRetentionRun(services, run.id)).toBeNull();
    await applyRetentionTask(services)(
      { _cron: { ts: new Date().toISOString(), backfilled: false } },
      helpers,
      new AbortController().signal,
    );
    const nightly = await latest();
    expect(nightly).toMatchObject({ trigger: 'nightly', requestedBy: null, status: 'done', error: null });
    expect(stopped!.deleted + nightly.deleted).toBe(2 * RETENTION_BATCH + 1);
    expect(await services.db.article.count({ where: { feedId: feed.id } })).toBe(0);
    expect(helpers.logger.info).toHaveBeenCalledWith(
      `retention: ${nightly.deleted} old articles deleted, ${nightly.freedBytes} bytes of rows`,
    );
  });

  it('runs the nightly pass in the queue and with the job key of an administrator’s, so two never run at once', () => {
    const nightly = parseCrontab(CRONTAB).filter((item) => item.task === 'apply_retention');
    expect(nightly.map((item) => item.options)).toEqual([
      expect.objectContaining({ queueName: RETENTION_QUEUE, jobKey: RETENTION_JOB_KEY }),
    ]);
  });

  it('joins the run queued or running; the nightly job takes the one queued, and fails one a stopped worker left', async () => {
    await services.db.instanceConfig.update({ where: { id: 1 }, data: { retentionDays: 0 } });
    // A run a stopped worker left running is joined, and its job queued again takes it up.
    const left = await services.db.retentionRun.create({ data: { trigger: 'nightly', status: 'running', startedAt: new Date(0) } });
    expect(await requestRetentionRun(services, viewer)).toMatchObject({ joined: true, run: { id: left.id } });
    expect(await performRetentionRun(services, left.id)).toMatchObject({ id: left.id, status: 'done', startedAt: new Date(0) });

    const asked = await requestRetentionRun(services, viewer);
    expect(asked.joined).toBe(false);
    expect(await requestRetentionRun(services, viewer)).toMatchObject({ joined: true, run: { id: asked.run.id } });
    // One job however often it is asked for: a queued one keeps its key.
    const jobs = await services.db.$queryRaw<{ count: number }[]>`
      SELECT count(*)::int AS count FROM graphile_worker.jobs WHERE task_identifier = 'apply_retention'`;
    expect(jobs[0]!.count).toBe(1);

    // A stale running run (its worker was killed) beside the queued one: the next pass fails it and takes the queued one.
    const stale = await services.db.retentionRun.create({ data: { trigger: 'nightly', status: 'running', startedAt: new Date(0) } });
    const done = await performRetentionRun(services, undefined);
    expect(done).toMatchObject({ id: asked.run.id, trigger: 'administrator', status: 'done', deleted: 0, cutoff: null, keepPerFeed: 0 });
    expect(await services.db.retentionRun.findUniqueOrThrow({ where: { id: stale.id } })).toMatchObject({
      status: 'failed',
      error: WORKER_STOPPED,
    });
  });
});
