// Sync APIs benchmark: p50/p95/p99 server time of a page of 100 from the Google Reader API's stream/contents (the
// stream's ids, then the items' views and contents, as the route runs them) and of the Fever API's items (50,
// with total_items), through the real domain functions, for the main users of the instance `npm run bench:reading`
// seeds (1,000 users, 10,000 feeds, 1,000,000 articles). It reuses that database when its marker says it holds
// the scale asked for, and seeds it only when it is missing; migrations are applied first.
// Run: npm run bench:sync. BENCH_READING_SCALE (1) picks a smaller instance (its own database, as bench:reading),
// BENCH_SYNC_SAMPLES (100) samples per case. Figures: docs/benchmarks.md.
import { benchReadingName, seedPlan } from './benchReading/plan.ts';
import { loadConfig } from '../src/config.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import type { Services, Viewer } from '../src/domain/core/services.ts';
import { feverItems } from '../src/domain/sync/feverItems.ts';
import { STREAM_CONTENTS_MAX, streamArticles } from '../src/domain/sync/streams.ts';
import { loadSyncItems } from '../src/domain/sync/syncItems.ts';
import { createLogger } from '../src/logger.ts';
import { createServices } from '../src/services.ts';
import { markerMatches, openBenchServer, readMarker, seedDatabase, table } from './benchReading/database.ts';
import { machineLine } from './benchReading/machine.ts';
import { percentile } from './benchReading/measure.ts';

const scale = Number(process.env.BENCH_READING_SCALE ?? 1);
const samples = Number(process.env.BENCH_SYNC_SAMPLES ?? 100);
const log = createLogger('warn');
const print = (line = '') => console.log(line);
const PAGE = 100;

type Case = { name: string; run: (services: Services, viewer: Viewer) => Promise<number> };

async function contentsPage(services: Services, viewer: Viewer, input: Record<string, unknown>): Promise<number> {
  const page = await streamArticles(services, viewer, { count: PAGE, ...input }, STREAM_CONTENTS_MAX);
  const items = await loadSyncItems(
    services,
    viewer,
    page.articles.map((article) => article.id),
  );
  return items.length;
}

/** The continuation after `pages` pages of a stream, so a case can start deep in it. */
async function deepContinuation(services: Services, viewer: Viewer, input: Record<string, unknown>, pages: number) {
  let continuation: string | null = null;
  for (let i = 0; i < pages; i += 1) {
    continuation = (await streamArticles(services, viewer, { count: PAGE, ...input, continuation }, STREAM_CONTENTS_MAX)).continuation;
    if (!continuation) break;
  }
  return continuation;
}

const readingList = { source: { kind: 'reading-list' } };
const unread = { ...readingList, read: false };

async function main() {
  const plan = seedPlan('1m', scale);
  const server = await openBenchServer(log);
  const name = benchReadingName('1m', scale);
  const databaseUrl = `${server.serverUrl}/${name}`;
  try {
    print(`Tidings sync APIs benchmark on ${server.where}, database ${name}`);
    print(machineLine());
    let marker = await readMarker(databaseUrl);
    if (markerMatches(marker, plan)) {
      const applied = await migrateDatabase(databaseUrl, log);
      print(`reusing the instance seeded ${marker.seededAt}${applied.length ? `; applied ${applied.join(', ')}` : ''}`);
    } else {
      print(`seeding ${plan.users} users, ${plan.feeds} feeds, ${plan.articles} articles …`);
      marker = await seedDatabase(server.serverUrl, name, plan, log, print);
      print(`seeded in ${marker.seedSeconds} s`);
    }
    const services = createServices(loadConfig({ LOG_LEVEL: 'warn' }), databaseUrl, log);
    try {
      const users = await services.db.user.findMany({
        where: { id: { in: marker.mainUserIds } },
        select: { id: true, username: true, role: true },
      });
      const viewers: Viewer[] = users.map((user) => ({ ...user, credential: { kind: 'apiToken', id: user.id, scope: 'full' } }));
      const feeds = new Map<string, string>();
      for (const viewer of viewers) {
        const subscription = await services.db.subscription.findFirst({
          where: { userId: viewer.id },
          include: { feed: { select: { syncId: true } } },
          orderBy: { feedId: 'asc' },
        });
        feeds.set(viewer.id, String(subscription?.feed.syncId ?? 0));
      }
      const deep = new Map<string, string | null>();
      for (const viewer of viewers) deep.set(viewer.id, await deepContinuation(services, viewer, readingList, 5));
      const middle = await services.db.article.aggregate({ _max: { syncId: true } });
      const halfway = (middle._max.syncId ?? 0n) / 2n;
      const cases: Case[] = [
        { name: 'stream/contents unread, first page', run: (s, v) => contentsPage(s, v, unread) },
        { name: 'stream/contents reading list, first page', run: (s, v) => contentsPage(s, v, readingList) },
        {
          name: 'stream/contents reading list, page 6',
          run: (s, v) => contentsPage(s, v, { ...readingList, continuation: deep.get(v.id) }),
        },
        {
          name: 'stream/contents a feed, oldest first',
          run: (s, v) => contentsPage(s, v, { source: { kind: 'feed', feed: feeds.get(v.id) }, oldestFirst: true }),
        },
        { name: 'stream/contents starred', run: (s, v) => contentsPage(s, v, { source: { kind: 'starred' } }) },
        { name: 'Fever items since_id=0', run: async (s, v) => (await feverItems(s, v, { sinceId: 0n })).items.length },
        { name: 'Fever items since_id=<half>', run: async (s, v) => (await feverItems(s, v, { sinceId: halfway })).items.length },
        { name: 'Fever items (newest)', run: async (s, v) => (await feverItems(s, v, {})).items.length },
      ];
      const rows: string[][] = [];
      for (const benchCase of cases) {
        for (const viewer of viewers.slice(0, 3)) await benchCase.run(services, viewer); // warm-up
        const times: number[] = [];
        let found = 0;
        for (let i = 0; i < samples; i += 1) {
          const viewer = viewers[i % viewers.length]!;
          const started = performance.now();
          found += await benchCase.run(services, viewer);
          times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        rows.push([
          benchCase.name,
          String(samples),
          ...[50, 95, 99].map((p) => percentile(times, p).toFixed(1)),
          (found / samples).toFixed(0),
        ]);
        print(`${benchCase.name}: p95 ${percentile(times, 95).toFixed(1)} ms`);
      }
      print();
      print(table(['case', 'n', 'p50 ms', 'p95 ms', 'p99 ms', 'items'], rows));
    } finally {
      await services.db.$disconnect();
    }
  } finally {
    await server.close();
  }
}

await main();
