// The steady-state feed benchmark (`npm run bench:feeds -- --feeds 100000`): N feeds, each subscribed, spread over
// BENCH_HOSTS loopback publishers (steadyServer.ts), due at uniformly random moments of the next
// BENCH_FEEDS_SPREAD_MINUTES (60; 0: all due at once, as after a stop); then the real worker with its crontab runs for BENCH_FEEDS_MINUTES (10), and every
// minute the script prints the feeds refreshed, their lag behind their due time (lagProbe.ts), the queue's depth, the
// backlog of due feeds, the CPU of the worker process and of PostgreSQL, and the most requests one host had in flight
// at once, which must stay within FEED_FETCHES_PER_HOST. Figures: docs/benchmarks.md ("100,000 feeds").
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../../src/config.ts';
import { createDatabaseIfMissing } from '../../src/db/database.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import { migrateJobQueue, startWorker } from '../../src/jobs/worker.ts';
import { createLogger } from '../../src/logger.ts';
import { closeServices, createServices } from '../../src/services.ts';
import { dropDatabase, openScratchServer } from '../../test/scratchServer.ts';
import type { postgresCpuMs } from '../benchShared/postgresCpu.ts';
import { backlog, installLagProbe, lagBetween, type Lag } from './lagProbe.ts';
import { postgresCpuMeter } from './postgresCpuMeter.ts';
import { scheduleSteadyFeeds, seedSteadyFeeds } from './seed.ts';
import type { ServedStats, SteadyServerOptions } from './steadyServer.ts';

const MINUTES = Number(process.env.BENCH_FEEDS_MINUTES ?? 10);
const SPREAD_MINUTES = Number(process.env.BENCH_FEEDS_SPREAD_MINUTES ?? 60);
const SERVER: SteadyServerOptions = {
  hosts: Math.min(250, Number(process.env.BENCH_HOSTS ?? 100)),
  latencyMs: Number(process.env.BENCH_FEEDS_LATENCY_MS ?? 50),
  newShare: Number(process.env.BENCH_FEEDS_NEW_SHARE ?? 0.05),
};
/** How often the queue's depth and PostgreSQL's CPU are read; the other figures are read once a minute. */
const QUEUE_SAMPLE_MS = 5_000;
const MINUTE_MS = 60_000;

const log = createLogger('warn');

/** One minute of the run (or the whole run). */
type Period = {
  seconds: number;
  lag: Lag;
  queue: { max: number; last: number };
  backlog: { due: number; oldestSeconds: number; deferrals: number };
  workerCpuPercent: number;
  postgresCpuPercent: number | null;
  served: ServedStats;
  load: number;
};

/** The publishers in a child process: their origins, and what they served since the last ask. */
async function startSteadyServer() {
  const child = fork(fileURLToPath(new URL('./steadyServer.ts', import.meta.url)), {
    env: { ...process.env, STEADY_SERVER_OPTIONS: JSON.stringify(SERVER) },
  });
  const next = <T>(key: string) =>
    new Promise<T>((resolve) => {
      const listener = (message: Record<string, unknown>) => {
        if (!(key in message)) return;
        child.off('message', listener);
        resolve(message[key] as T);
      };
      child.on('message', listener);
    });
  const origins = await next<string[]>('origins');
  return {
    origins,
    stats: () => {
      const answer = next<ServedStats>('stats');
      child.send('stats');
      return answer;
    },
    close: () => child.disconnect(),
  };
}

/** The count given to --feeds: a whole number of at least 1. */
export function steadyFeedCount(argument: string | undefined): number {
  const count = Number(argument);
  if (!Number.isInteger(count) || count < 1)
    throw new Error(`--feeds needs a whole number of feeds, e.g. --feeds 100000 (got ${argument})`);
  return count;
}

export async function runSteadyState(feeds: number): Promise<void> {
  const { serverUrl, close: stopPostgres } = await openScratchServer(log);
  const server = await startSteadyServer();
  const name = `tidings_bench_steady_${process.pid}`;
  const config = loadConfig({ ...process.env, FEED_ALLOW_PRIVATE_HOSTS: 'true', LOG_LEVEL: 'warn' });
  console.log(
    `Tidings scheduler benchmark: ${feeds} feeds from ${SERVER.hosts} hosts (${config.feedFetchesPerHost} fetches at once per host, ${SERVER.latencyMs} ms per answer, ${(SERVER.newShare * 100).toFixed(0)} % of fetches find 1–2 new items), due over ${SPREAD_MINUTES} min, measured for ${MINUTES} min; ${config.feedRefreshConcurrency} refreshes at once`,
  );
  try {
    await createDatabaseIfMissing(serverUrl, name);
    const databaseUrl = `${serverUrl}/${name}`;
    await migrateDatabase(databaseUrl, log);
    await migrateJobQueue(databaseUrl);
    let started = performance.now();
    await seedSteadyFeeds(databaseUrl, server.origins, feeds);
    console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const probe = new pg.Client({ connectionString: databaseUrl });
    await probe.connect();
    const services = createServices(config, databaseUrl, log);
    try {
      await installLagProbe(probe);
      await scheduleSteadyFeeds(databaseUrl, SPREAD_MINUTES * MINUTE_MS);
      // Every feed due at once is a worker back after a stop: the crontab's backfill (?fill) runs the fan-out at once.
      if (SPREAD_MINUTES === 0) await probe.query(`SELECT graphile_worker.add_job('enqueue_due_feeds', '{}'::json)`);
      const runner = await startWorker(services, databaseUrl);
      started = performance.now();
      const { minutes, lag } = await measure(probe, services.db, server.stats);
      await runner.stop();
      console.log(describe('overall', { ...combine(minutes), lag }, config.feedFetchesPerHost));
      console.log(`run took ${((performance.now() - started) / 1000).toFixed(0)} s`);
    } finally {
      await probe.end();
      await closeServices(services);
    }
  } finally {
    await dropDatabase(serverUrl, name);
    server.close();
    await stopPostgres();
  }
}

/**
 * Samples the run for MINUTES minutes, printing each minute's figures as it ends; answers the minutes and the lag of
 * every fetch of the run (its percentiles are not the minutes' percentiles).
 */
async function measure(
  probe: pg.Client,
  db: Parameters<typeof postgresCpuMs>[0],
  served: () => Promise<ServedStats>,
): Promise<{ minutes: Period[]; lag: Lag }> {
  const periods: Period[] = [];
  await served(); // the window starts now
  const start = new Date();
  let from = start;
  let cpu = process.cpuUsage();
  const postgres = postgresCpuMeter(db);
  await postgres.sample();
  for (let minute = 1; minute <= MINUTES; minute++) {
    const load = loadavg()[0]!;
    const depths: number[] = [];
    const end = from.getTime() + MINUTE_MS;
    while (Date.now() < end) {
      depths.push(await queueDepth(probe));
      await postgres.sample();
      await new Promise((resolve) => setTimeout(resolve, Math.min(QUEUE_SAMPLE_MS, Math.max(0, end - Date.now()))));
    }
    const to = new Date();
    const seconds = (to.getTime() - from.getTime()) / 1000;
    const used = process.cpuUsage(cpu);
    await postgres.sample();
    const postgresMs = postgres.take();
    const period: Period = {
      seconds,
      lag: await lagBetween(probe, from, to),
      queue: { max: Math.max(...depths), last: await queueDepth(probe) },
      backlog: await backlog(probe),
      workerCpuPercent: (used.user + used.system) / 10_000 / seconds,
      postgresCpuPercent: postgresMs === null ? null : postgresMs / 10 / seconds,
      served: await served(),
      load,
    };
    console.log(describe(`minute ${minute}`, period, null));
    periods.push(period);
    [from, cpu] = [to, process.cpuUsage()];
  }
  return { minutes: periods, lag: await lagBetween(probe, start, from) };
}

async function queueDepth(probe: pg.Client): Promise<number> {
  const { rows } = await probe.query<{ depth: number }>(
    `SELECT count(*)::int AS depth FROM graphile_worker.jobs WHERE task_identifier = 'refresh_feed'`,
  );
  return rows[0]!.depth;
}

/** The minutes together, but for the lag, which is the run's own. */
function combine(minutes: Period[]): Omit<Period, 'lag'> {
  const seconds = minutes.reduce((sum, period) => sum + period.seconds, 0);
  const weighted = (pick: (period: Period) => number | null) =>
    minutes.some((period) => pick(period) === null)
      ? null
      : minutes.reduce((sum, period) => sum + pick(period)! * period.seconds, 0) / seconds;
  const total = (pick: (stats: ServedStats) => number) => minutes.reduce((sum, period) => sum + pick(period.served), 0);
  return {
    seconds,
    queue: { max: Math.max(...minutes.map((period) => period.queue.max)), last: minutes.at(-1)!.queue.last },
    backlog: minutes.at(-1)!.backlog,
    workerCpuPercent: weighted((period) => period.workerCpuPercent)!,
    postgresCpuPercent: weighted((period) => period.postgresCpuPercent),
    served: {
      changed: total((stats) => stats.changed),
      notModified: total((stats) => stats.notModified),
      other: total((stats) => stats.other),
      peakPerHost: Math.max(...minutes.map((period) => period.served.peakPerHost)),
    },
    load: Math.max(...minutes.map((period) => period.load)),
  };
}

function describe(label: string, period: Period, perHostLimit: number | null): string {
  const { lag, served, backlog: due } = period;
  const seconds = (value: number) => `${value.toFixed(1)} s`;
  const postgres = period.postgresCpuPercent === null ? 'n/a' : `${period.postgresCpuPercent.toFixed(1)} %`;
  const limit = perHostLimit === null ? '' : ` (limit ${perHostLimit}${served.peakPerHost > perHostLimit ? ', EXCEEDED' : ''})`;
  return [
    `${label}: ${lag.fetched} fetched → ${(lag.fetched / period.seconds).toFixed(1)} feeds/s (busiest 5 s: ${lag.peakPerSecond.toFixed(0)}/s)`,
    `lag p50 ${seconds(lag.p50)}, p95 ${seconds(lag.p95)}, p99 ${seconds(lag.p99)}, max ${seconds(lag.max)}`,
    `queue max ${period.queue.max}, at end ${period.queue.last}`,
    `due not fetched ${due.due} (oldest ${seconds(due.oldestSeconds)} late), moved on unfetched ${due.deferrals}`,
    `CPU worker ${period.workerCpuPercent.toFixed(1)} %, PostgreSQL ${postgres} of one core`,
    `served 200 ${served.changed}, 304 ${served.notModified}, other ${served.other}, most at one host ${served.peakPerHost}${limit}`,
    `load ${period.load.toFixed(1)}`,
  ].join('; ');
}
