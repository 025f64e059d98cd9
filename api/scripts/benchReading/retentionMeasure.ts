// The article lists while retention deletes (issue 47): the same draws of users and lists, first on a quiet instance,
// then while a retention pass deletes the articles older than RETENTION_DAYS on its own connection. The pass is
// stopped when the second half's time is up, so each run deletes for that long only; what it deleted is gone for
// good from the seeded instance, recorded in bench.retention_log and printed by the next runs.
import pg from 'pg';
import { type RetentionOutcome, runRetention } from '../../src/domain/admin/retention.ts';
import { articleQuery } from '../../src/domain/articles/articleQuery.ts';
import { countArticles, listArticles } from '../../src/domain/articles/listArticles.ts';
import type { Services } from '../../src/domain/core/services.ts';
import { type CaseResult, drawableUsers, type MeasureOptions, timed, type UserInfo } from './measure.ts';
import { random } from './random.ts';

/** Seeded articles span 730 days: a year's retention has about half of them to delete. */
export const RETENTION_DAYS = 365;

type Shape = { name: string; run: (services: Services, user: UserInfo, pick: () => number) => Promise<number> | null };

const page = async (services: Services, user: UserInfo, input: Record<string, unknown>) =>
  (await listArticles(services, await articleQuery(services, user.viewer, { ...input, first: 30 }))).articles.length;

const SHAPES: Shape[] = [
  { name: 'unread · everything · first 30', run: (s, u) => page(s, u, { filter: 'unread' }) },
  { name: 'all · everything · first 30', run: (s, u) => page(s, u, { filter: 'all' }) },
  {
    name: 'all · random feed · first 30',
    run: (s, u, pick) => (u.feeds.length ? page(s, u, { filter: 'all', feedId: u.feeds[Math.floor(pick() * u.feeds.length)]!.id }) : null),
  },
  {
    name: 'unread · random folder · first 30',
    run: (s, u, pick) =>
      u.folders.length ? page(s, u, { filter: 'unread', folderId: u.folders[Math.floor(pick() * u.folders.length)]! }) : null,
  },
  { name: 'unread · everything · count', run: async (s, u) => countArticles(s, await articleQuery(s, u.viewer, { filter: 'unread' })) },
];

/** One retention pass deleting what is older than `days` (the one place this script calls retention). */
function retentionPass(services: Services, days: number, signal: AbortSignal): Promise<RetentionOutcome> {
  return runRetention({ ...services, config: { ...services.config, retention: { ...services.config.retention, days } } }, { signal });
}

export type RetentionRun = { cases: CaseResult[]; outcome: RetentionOutcome; seconds: number; finished: boolean };

/**
 * Each shape for the same random users in turn, for `seconds` quiet and then for up to `seconds` while a retention
 * pass runs (shorter when the pass finishes first). Case names end in "· quiet" and "· during retention".
 */
export async function measureListsDuringRetention(
  services: Services,
  databaseUrl: string,
  seconds: number,
  options: MeasureOptions,
): Promise<RetentionRun> {
  const users = await drawableUsers(services, options);
  const rounds = async (label: string, until: () => boolean) => {
    const pick = random(365);
    const cases = SHAPES.map((shape) => ({ name: `retention · ${shape.name} · ${label}`, kind: 'retention', samples: [] }) as CaseResult);
    const started = performance.now();
    while ((performance.now() - started) / 1000 < seconds && !until()) {
      for (const [i, shape] of SHAPES.entries()) {
        const user = users[Math.floor(pick() * users.length)]!;
        const work = shape.run(services, user, pick);
        if (!work) continue;
        const [ms, rows] = await timed(() => work);
        cases[i]!.samples.push({ ms, rows, viewer: user.viewer });
      }
    }
    return cases;
  };
  const quiet = await rounds('quiet', () => false);
  const stop = new AbortController();
  let finished = false;
  const started = performance.now();
  const pass = retentionPass(services, RETENTION_DAYS, stop.signal).finally(() => (finished = true));
  const during = await rounds('during retention', () => finished);
  const finishedFirst = finished;
  stop.abort();
  const outcome = await pass;
  const elapsed = (performance.now() - started) / 1000;
  await record(databaseUrl, outcome);
  options.progress(
    `  retention (${RETENTION_DAYS} days) ${finishedFirst ? 'finished' : 'stopped'} after ${elapsed.toFixed(0)} s: ${outcome.deleted} articles deleted in ${outcome.batches} batches`,
  );
  return { cases: quiet.flatMap((q, i) => [q, during[i]!]), outcome, seconds: elapsed, finished: finishedFirst };
}

/** Articles earlier runs' retention passes deleted from this instance. */
export async function retentionDeletedBefore(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`CREATE TABLE IF NOT EXISTS bench.retention_log (at timestamptz NOT NULL DEFAULT now(), deleted int NOT NULL)`);
    const { rows } = await client.query<{ deleted: number }>(`SELECT coalesce(sum(deleted), 0)::int AS deleted FROM bench.retention_log`);
    return rows[0]!.deleted;
  } finally {
    await client.end();
  }
}

async function record(databaseUrl: string, outcome: RetentionOutcome): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`INSERT INTO bench.retention_log (deleted) VALUES ($1)`, [outcome.deleted]);
  } finally {
    await client.end();
  }
}
