// Admin figures benchmark: the time of each figure of the admin panel's Statistics and Analytics tabs (one
// statement each, api/src/domain/admin/figures.ts) and of the two whole calls, on the 1 M-article instance that
// `npm run bench:reading` seeds (database tidings_bench_reading on DATABASE_URL's server, else the embedded
// PostgreSQL in ./data/bench-reading). Seed it first with `npm run bench:reading` (or its --reuse run).
// The reading seed has no sessions, API tokens or broken feeds; this script adds them once (3 sessions per user
// used over the last 60 days, an API token for one user in ten, a fetch error on 2% of the feeds), marked by
// their token hashes' 'bench-admin-' prefix, so the activity figures have rows to read.
// Run: npm run bench:admin. BENCH_ADMIN_SAMPLES (30) samples per figure. BENCH_ADMIN_DATABASE measures another
// database of that server instead (any migrated Tidings database, seeded or not). Figures: docs/benchmarks.md.
import { seedPlan } from './benchReading/plan.ts';
import os from 'node:os';
import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import * as figures from '../src/domain/admin/figures.ts';
import { adminInsights } from '../src/domain/admin/insights.ts';
import { adminStats } from '../src/domain/admin/statistics.ts';
import type { Services, Viewer } from '../src/domain/core/services.ts';
import { createLogger } from '../src/logger.ts';
import { closeServices, createServices } from '../src/services.ts';
import { markerMatches, openBenchServer, readMarker } from './benchReading/database.ts';
import { percentile } from './benchReading/measure.ts';

const samples = Number(process.env.BENCH_ADMIN_SAMPLES ?? 30);
const BUDGET_MS = 100;
const log = createLogger('warn');
const print = (line = '') => console.log(line);

async function addActivity(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT 1 FROM "Session" WHERE "tokenHash" LIKE 'bench-admin-%' LIMIT 1`);
    if (rows.length) return;
    print('adding sessions, API tokens and broken feeds for the admin figures …');
    await client.query(`
      INSERT INTO "Session" (id, "userId", "tokenHash", "createdAt", "lastUsedAt")
      SELECT gen_random_uuid(), u.id, 'bench-admin-' || u.id || '-' || n, t.at - interval '30 days', t.at
      FROM "User" u CROSS JOIN generate_series(1, 3) n
      CROSS JOIN LATERAL (SELECT now() - random() * interval '60 days' + n * interval '0 s' AS at) t;
      INSERT INTO "ApiToken" (id, "userId", name, "tokenHash", "createdAt", "lastUsedAt")
      SELECT gen_random_uuid(), id, 'Reader app', 'bench-admin-token-' || id, now() - interval '90 days', now() - random() * interval '20 days'
      FROM "User" WHERE random() < 0.1;
      UPDATE "Feed" SET "fetchError" = 'HTTP 500 Internal Server Error' WHERE random() < 0.02;
      ANALYZE "Session"; ANALYZE "ApiToken"; ANALYZE "Feed";`);
  } finally {
    await client.end();
  }
}

async function time(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

async function measure(name: string, run: () => Promise<unknown>, n = samples) {
  for (let i = 0; i < 3; i += 1) await run();
  const times: number[] = [];
  for (let i = 0; i < n; i += 1) times.push(await time(run));
  times.sort((a, b) => a - b);
  const [p50, p95, max] = [percentile(times, 50), percentile(times, 95), times.at(-1)!];
  const fmt = (ms: number) => ms.toFixed(1).padStart(7);
  print(`| ${name.padEnd(34)} | ${fmt(p50)} | ${fmt(p95)} | ${fmt(max)} | ${p95 < BUDGET_MS ? 'yes' : '**no**'} |`);
}

async function main() {
  const server = await openBenchServer(log);
  const name = process.env.BENCH_ADMIN_DATABASE ?? 'tidings_bench_reading';
  const databaseUrl = `${server.serverUrl}/${name}`;
  try {
    if (!process.env.BENCH_ADMIN_DATABASE && !markerMatches(await readMarker(databaseUrl), seedPlan('1m'))) {
      throw new Error('tidings_bench_reading is not seeded: run `npm run bench:reading` first');
    }
    await migrateDatabase(databaseUrl, log);
    await addActivity(databaseUrl);
    const services: Services = createServices(loadConfig({ LOG_LEVEL: 'warn' }), databaseUrl, log);
    const db = services.db;
    try {
      const admin = await db.user.findFirstOrThrow({ select: { id: true, username: true } });
      const viewer: Viewer = { ...admin, role: 'admin', credential: { kind: 'session', id: admin.id } };
      const counts = await db.$queryRaw<{ relname: string; reltuples: number }[]>`
        SELECT relname, reltuples::float8 AS reltuples FROM pg_class
        WHERE relname IN ('User', 'Feed', 'Article', 'Subscription', 'Share', 'Comment', 'Session', 'ApiToken') ORDER BY relname`;
      print(
        `Admin figures on ${server.where}; load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
      );
      print(`rows (planner's estimate): ${counts.map((c) => `${c.relname} ${Math.round(c.reltuples).toLocaleString('en')}`).join(', ')}`);
      print();
      print(`| figure (${samples} samples, ms)`.padEnd(37) + '|     p50 |     p95 |     max | < 100 ms |');
      print('|---|---:|---:|---:|---|');
      const week = figures.daysAgo(7);
      for (const table of ['User', 'Feed', 'Article', 'Subscription', 'Share', 'Comment'] as const) {
        await measure(`tableCount ${table}`, () => figures.tableCount(db, table));
      }
      await measure('activeUserCount 7 days', () => figures.activeUserCount(db, week));
      await measure('activeUserCount 30 days', () => figures.activeUserCount(db, figures.daysAgo(30)));
      await measure('recentlyActiveUsers', () => figures.recentlyActiveUsers(db));
      await measure('newUserCount', () => figures.newUserCount(db, week));
      await measure('brokenFeedCount', () => figures.brokenFeedCount(db));
      await measure('brokenFeeds', () => figures.brokenFeeds(db));
      await measure('popularFeeds', () => figures.popularFeeds(db));
      await measure('createdSinceCount Share', () => figures.createdSinceCount(db, 'Share', week));
      await measure('createdSinceCount Comment', () => figures.createdSinceCount(db, 'Comment', week));
      await measure('weakSignals', () => figures.weakSignals(db, week));
      await measure('adminStats (whole call, parallel)', () => adminStats(services, viewer));
      await measure('adminInsights (whole call, parallel)', () => adminInsights(services, viewer));
      // Why large totals are estimates: an exact count of the articles, for comparison.
      await measure('exact count(*) Article (not used)', () => db.$queryRaw`SELECT count(*) FROM "Article"`, 5);
    } finally {
      await closeServices(services);
    }
  } finally {
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
