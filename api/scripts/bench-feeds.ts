// Feed refresh benchmark: 1,000 locally served feeds refreshed through the real Graphile Worker, first with
// full fetches (20 new articles each), then again answered 304 Not Modified. Prints feeds per second for both.
// Run: npm run bench:feeds  (uses DATABASE_URL's server when set, else an embedded PostgreSQL). Figures: docs/benchmarks.md
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../src/config.ts';
import { createDatabaseIfMissing } from '../src/db/database.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { migrateJobQueue, startWorker } from '../src/jobs/worker.ts';
import { createLogger } from '../src/logger.ts';
import { createServices } from '../src/services.ts';
import { dropDatabase, openScratchServer } from '../test/scratchServer.ts';

const FEEDS = Number(process.env.BENCH_FEEDS ?? 1000);
const ITEMS = 20;
const log = createLogger('warn');

function feedXml(index: number): string {
  const items = Array.from({ length: ITEMS }, (_, item) => {
    const date = new Date(Date.UTC(2026, 10, 1, 0, 0, 0) - (index * ITEMS + item) * 60_000).toUTCString();
    return `<item><title>Feed ${index} article ${item}</title><link>https://bench.example.org/${index}/${item}</link>
<guid>bench-${index}-${item}</guid><pubDate>${date}</pubDate>
<description><![CDATA[<p>Paragraph with <a href="/relative">a link</a> and <img src="pic.png"> an image.</p><p>${'Lorem ipsum dolor sit amet. '.repeat(20)}</p>]]></description></item>`;
  }).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Bench feed ${index}</title><link>https://bench.example.org/${index}/</link>${items}</channel></rss>`;
}

async function startFeedHost() {
  const server = createServer((request, response) => {
    const index = Number(/^\/feed\/(\d+)\.xml$/.exec(request.url ?? '')?.[1] ?? -1);
    if (index < 0) return void response.writeHead(404).end();
    const etag = `"bench-${index}"`;
    if (request.headers['if-none-match'] === etag) return void response.writeHead(304, { etag }).end();
    response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8', etag }).end(feedXml(index));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

async function main() {
  const { serverUrl, close: stopPostgres } = await openScratchServer(log);
  const name = `tidings_bench_${process.pid}`;
  await createDatabaseIfMissing(serverUrl, name);
  const databaseUrl = `${serverUrl}/${name}`;
  await migrateDatabase(databaseUrl, log);
  await migrateJobQueue(databaseUrl);
  const config = loadConfig({
    FEED_ALLOW_PRIVATE_HOSTS: 'true',
    LOG_LEVEL: 'warn',
    WORKER_CONCURRENCY: process.env.WORKER_CONCURRENCY ?? '8',
  });
  const services = createServices(config, databaseUrl, log);
  const host = await startFeedHost();

  try {
    const user = await services.db.user.create({ data: { username: 'bench', email: 'bench@example.org', passwordHash: 'x' } });
    for (let start = 0; start < FEEDS; start += 500) {
      const batch = Array.from({ length: Math.min(500, FEEDS - start) }, (_, i) => ({ url: `${host.origin}/feed/${start + i}.xml` }));
      const created = await services.db.feed.createManyAndReturn({ data: batch, select: { id: true } });
      await services.db.subscription.createMany({ data: created.map((feed) => ({ userId: user.id, feedId: feed.id })) });
    }
    console.log(`Tidings feed refresh benchmark: ${FEEDS} feeds × ${ITEMS} items, worker concurrency ${config.workerConcurrency}`);
    const full = await refreshAllThroughWorker(services, databaseUrl);
    const articles = await services.db.article.count();
    console.log(`full fetch:   ${full.toFixed(1)} s  → ${(FEEDS / full).toFixed(1)} feeds/s (${articles} articles stored)`);
    const notModified = await refreshAllThroughWorker(services, databaseUrl);
    console.log(`304 answers:  ${notModified.toFixed(1)} s  → ${(FEEDS / notModified).toFixed(1)} feeds/s`);
    console.log('Parser throughput per candidate: npm run bench:parsers');
  } finally {
    host.close();
    await services.db.$disconnect();
    await dropDatabase(serverUrl, name);
    await stopPostgres();
  }
}

/** Marks every feed due, lets the cron fan-out task enqueue them and the worker drain the queue; seconds taken. */
async function refreshAllThroughWorker(services: ReturnType<typeof createServices>, databaseUrl: string): Promise<number> {
  await services.db.feed.updateMany({ data: { nextFetchAt: new Date(0) } });
  await services.db.$executeRaw`SELECT graphile_worker.add_job('enqueue_due_feeds', '{}'::json)`;
  const started = performance.now();
  const runner = await startWorker(services, databaseUrl);
  for (;;) {
    const [progress] = await services.db.$queryRaw<{ pending: number; done: number }[]>`
      SELECT (SELECT count(*)::int FROM graphile_worker.jobs) AS pending,
             (SELECT count(*)::int FROM "Feed" WHERE "nextFetchAt" > now()) AS done`;
    if (progress && progress.pending === 0 && progress.done === FEEDS) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  await runner.stop();
  return seconds;
}

await main();
