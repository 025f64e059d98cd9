// Feed refresh benchmark: 1,000 locally served feeds (20 items of about 2 KB of HTML with an image each, as
// publishers send them) refreshed through the real Graphile Worker, first with
// full fetches (20 new articles each) into an empty database, then again answered 304 Not Modified, then with 20 new
// items each into the database the first pass filled (as on an instance that runs: its plans made on tables that hold
// rows). Prints feeds per second for each pass and the CPU each feed and each stored article cost the worker process and
// PostgreSQL, for each run and the median of the runs.
// Run: npm run bench:feeds  (uses DATABASE_URL's server when set, else an embedded PostgreSQL). Figures: docs/benchmarks.md
// BENCH_FEEDS (1000), BENCH_HOSTS (100) and BENCH_RUNS (3) change the defaults; the rest are the app's (FEED_REFRESH_CONCURRENCY…). The feeds are
// spread over BENCH_HOSTS publishers (loopback addresses 127.0.0.2, 127.0.0.3, …), each fetched at most
// FEED_FETCHES_PER_HOST at once, as on an instance whose feeds come from many sites. BENCH_CPU_PROFILE=<dir> writes
// a V8 CPU profile of each pass there (open it in Chrome's DevTools, or sum its self times), setup left out.
// `npm run bench:feeds -- --feeds 100000` measures the scheduler's steady state instead (benchFeeds/steadyState.ts).
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createServer, type RequestListener } from 'node:http';
import { postgresCpuBetween, postgresCpuMs } from './benchShared/postgresCpu.ts';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config.ts';
import { createDatabaseIfMissing } from '../src/db/database.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { migrateJobQueue, startWorker } from '../src/jobs/worker.ts';
import { createLogger } from '../src/logger.ts';
import { closeServices, createServices } from '../src/services.ts';
import { dropDatabase, openScratchServer } from '../test/scratchServer.ts';
import { runSteadyState, steadyFeedCount } from './benchFeeds/steadyState.ts';
import { vocabulary } from './benchReading/vocabulary.ts';

const FEEDS = Number(process.env.BENCH_FEEDS ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const HOSTS = Math.min(250, Number(process.env.BENCH_HOSTS ?? 100));
const ITEMS = 20;
const SERVE_FEEDS = '--serve-feeds';
const PROFILE_DIR = process.env.BENCH_CPU_PROFILE;
const log = createLogger('warn');
const WORDS = vocabulary(20_000);

type Services = ReturnType<typeof createServices>;
/** One pass over every feed: seconds, and CPU milliseconds per feed of the worker process and of PostgreSQL. */
type Pass = { seconds: number; workerCpuMs: number; postgresCpuMs: number | null; load: number };

/**
 * An item as publishers send them: about 2 KB of HTML (five paragraphs of distinct prose, a link, an image with its
 * caption). The words are drawn from the reading benchmark's vocabulary by a generator seeded with the item's
 * number, so every item differs (as real text does for the search vector) and every run serves the same ones.
 */
function itemHtml(feed: number, item: number): string {
  let state = (feed * 7919 + item * 104_729 + 1) >>> 0;
  const next = () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
  // Zipf-like ranks, as the reading benchmark draws them: P(rank r) ≈ 1/r.
  const word = () => WORDS[Math.floor(WORDS.length ** next()) - 1]!;
  const sentence = () => {
    const words = Array.from({ length: 8 + Math.floor(next() * 14) }, word).join(' ');
    return `${words[0]!.toUpperCase()}${words.slice(1)}.`;
  };
  const paragraph = () => `<p>${Array.from({ length: 3 + Math.floor(next() * 2) }, sentence).join(' ')}</p>`;
  return `${paragraph()}
<figure><img src="https://images.bench.example.org/${feed}/${item}.jpg" alt="${sentence()}" width="1200" height="800"><figcaption>${sentence()}</figcaption></figure>
${paragraph()}
<p>${sentence()} <a href="/${feed}/related/${item}">${word()} ${word()}</a> ${sentence()}</p>
${paragraph()}
${paragraph()}`;
}

const SERVED_AT = Date.now();

/** A feed's items as served in `generation` (1, then 2 for the pass into a database that holds the first's). */
function feedXml(index: number, generation: number): string {
  const items = Array.from({ length: ITEMS }, (_, item) => {
    // Published over the last two days, as arriving articles are: each keeps its story text key (7 days).
    const date = new Date(SERVED_AT - item * 2 * 3_600_000 - (index % 60) * 60_000).toUTCString();
    const again = generation === 1 ? '' : `-${generation}`;
    return `<item><title>Feed ${index} article ${item}</title><link>https://bench.example.org/${index}/${item}${again}</link>
<guid>bench-${index}-${item}${again}</guid><pubDate>${date}</pubDate>
<description><![CDATA[${itemHtml(index, item + (generation - 1) * ITEMS)}]]></description></item>`;
  }).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Bench feed ${index}</title><link>https://bench.example.org/${index}/</link>${items}</channel></rss>`;
}

/** The publishers' side, in a child process of its own so that its CPU is not counted as the worker's. */
function serveFeeds() {
  let generation = 1;
  process.on('message', (message) => {
    generation = (message as { generation: number }).generation;
    process.send!('serving');
  });
  const answer: RequestListener = (request, response) => {
    const index = Number(/^\/feed\/(\d+)\.xml$/.exec(request.url ?? '')?.[1] ?? -1);
    if (index < 0) return void response.writeHead(404).end();
    const etag = `"bench-${generation}-${index}"`;
    if (request.headers['if-none-match'] === etag) return void response.writeHead(304, { etag }).end();
    response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8', etag }).end(feedXml(index, generation));
  };
  // Every publisher's address, on the port the first one got.
  const addresses = Array.from({ length: HOSTS }, (_, n) => `127.0.0.${n + 2}`);
  const first = createServer(answer).listen(0, addresses[0], () => {
    const { port } = first.address() as AddressInfo;
    for (const address of addresses.slice(1)) createServer(answer).listen(port, address);
    process.send!(addresses.map((address) => `http://${address}:${port}`));
  });
  process.on('disconnect', () => process.exit(0));
}

async function startFeedHost() {
  const child = fork(fileURLToPath(import.meta.url), [SERVE_FEEDS]);
  const origins = await new Promise<string[]>((resolve) => child.once('message', (message) => resolve(message as string[])));
  const serveGeneration = (generation: number) =>
    new Promise<void>((resolve) => {
      child.once('message', () => resolve());
      child.send({ generation });
    });
  return { origins, serveGeneration, close: () => child.disconnect() };
}

async function main() {
  const { serverUrl, close: stopPostgres } = await openScratchServer(log);
  const host = await startFeedHost();
  const config = loadConfig({
    FEED_ALLOW_PRIVATE_HOSTS: 'true',
    LOG_LEVEL: 'warn',
    FEED_REFRESH_CONCURRENCY: process.env.FEED_REFRESH_CONCURRENCY,
  });
  console.log(
    `Tidings feed refresh benchmark: ${FEEDS} feeds × ${ITEMS} items from ${HOSTS} hosts (${config.feedFetchesPerHost} fetches at once per host), ${config.feedRefreshConcurrency} refreshes at once, ${RUNS} runs`,
  );
  const runs: { full: Pass; notModified: Pass; articles: number; populated: Pass; added: number }[] = [];
  try {
    for (let run = 1; run <= RUNS; run++) {
      const name = `tidings_bench_${process.pid}_${run}`;
      await createDatabaseIfMissing(serverUrl, name);
      const databaseUrl = `${serverUrl}/${name}`;
      await migrateDatabase(databaseUrl, log);
      await migrateJobQueue(databaseUrl);
      const services = createServices(config, databaseUrl, log);
      try {
        await host.serveGeneration(1);
        await addFeeds(services, host.origins);
        const full = await profiled(`run${run}-full`, () => refreshAllThroughWorker(services, databaseUrl));
        const articles = await services.db.article.count();
        const notModified = await profiled(`run${run}-304`, () => refreshAllThroughWorker(services, databaseUrl));
        // New items in every feed, arriving into the database the first pass filled, as on an instance that runs.
        await host.serveGeneration(2);
        const populated = await profiled(`run${run}-populated`, () => refreshAllThroughWorker(services, databaseUrl));
        const added = (await services.db.article.count()) - articles;
        console.log(
          `run ${run}: full fetch ${describe(full)} (${articles} articles stored, ${perArticle(full, articles)}); 304 answers ${describe(notModified)}; full fetch into ${articles} stored articles ${describe(populated)} (${added} articles stored, ${perArticle(populated, added)})`,
        );
        runs.push({ full, notModified, articles, populated, added });
      } finally {
        await closeServices(services);
        await dropDatabase(serverUrl, name);
      }
    }
    const middle = (pick: (pass: Pass) => number | null) => median(runs.flatMap(({ full }) => pick(full) ?? []));
    const middle304 = (pick: (pass: Pass) => number | null) => median(runs.flatMap(({ notModified }) => pick(notModified) ?? []));
    console.log(
      `median full fetch:  ${(FEEDS / middle((pass) => pass.seconds)).toFixed(1)} feeds/s, CPU per feed: worker ${middle((pass) => pass.workerCpuMs).toFixed(2)} ms, PostgreSQL ${middle((pass) => pass.postgresCpuMs).toFixed(2)} ms`,
    );
    const perStored = (pick: (cpu: ReturnType<typeof articleCpuMs>) => number) => ({
      empty: median(runs.map(({ full, articles }) => pick(articleCpuMs(full, articles)))).toFixed(3),
      populated: median(runs.map(({ populated, added }) => pick(articleCpuMs(populated, added)))).toFixed(3),
    });
    const [total, app, postgres] = [perStored((cpu) => cpu.total), perStored((cpu) => cpu.app), perStored((cpu) => cpu.postgres)];
    console.log(
      `median CPU per stored article: ${total.empty} ms (worker ${app.empty} + PostgreSQL ${postgres.empty}); into a database of ${runs[0]?.articles} articles: ${total.populated} ms (worker ${app.populated} + PostgreSQL ${postgres.populated})`,
    );
    console.log(
      `median 304 answers: ${(FEEDS / middle304((pass) => pass.seconds)).toFixed(1)} feeds/s, CPU per feed: worker ${middle304((pass) => pass.workerCpuMs).toFixed(2)} ms, PostgreSQL ${middle304((pass) => pass.postgresCpuMs).toFixed(2)} ms`,
    );
    console.log('Parser throughput per candidate: npm run bench:parsers');
  } finally {
    host.close();
    await stopPostgres();
  }
}

async function addFeeds(services: Services, origins: string[]) {
  const user = await services.db.user.create({ data: { username: 'bench', email: 'bench@example.org', passwordHash: 'x' } });
  for (let start = 0; start < FEEDS; start += 500) {
    const batch = Array.from({ length: Math.min(500, FEEDS - start) }, (_, i) => ({
      url: `${origins[(start + i) % origins.length]}/feed/${start + i}.xml`,
    }));
    const created = await services.db.feed.createManyAndReturn({ data: batch, select: { id: true } });
    await services.db.subscription.createMany({ data: created.map((feed) => ({ userId: user.id, feedId: feed.id })) });
  }
}

/** Runs `pass` under the V8 profiler when BENCH_CPU_PROFILE names a directory, writing `<name>.cpuprofile` there. */
async function profiled<T>(name: string, pass: () => Promise<T>): Promise<T> {
  if (!PROFILE_DIR) return pass();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await pass();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(PROFILE_DIR, { recursive: true });
    writeFileSync(join(PROFILE_DIR, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

function describe(pass: Pass): string {
  const postgres = pass.postgresCpuMs === null ? '' : `, PostgreSQL ${pass.postgresCpuMs.toFixed(2)} ms`;
  return `${pass.seconds.toFixed(1)} s → ${(FEEDS / pass.seconds).toFixed(1)} feeds/s (CPU per feed: worker ${pass.workerCpuMs.toFixed(2)} ms${postgres}; load average ${pass.load.toFixed(1)})`;
}

/** CPU milliseconds per stored article of a full pass: the worker's, PostgreSQL's and both. */
function articleCpuMs(pass: Pass, articles: number) {
  const app = (pass.workerCpuMs * FEEDS) / articles;
  const postgres = ((pass.postgresCpuMs ?? 0) * FEEDS) / articles;
  return { app, postgres, total: app + postgres };
}

function perArticle(pass: Pass, articles: number): string {
  const cpu = articleCpuMs(pass, articles);
  return `CPU per article: ${cpu.total.toFixed(3)} ms = worker ${cpu.app.toFixed(3)} + PostgreSQL ${cpu.postgres.toFixed(3)}`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[half]! : (sorted[half - 1]! + sorted[half]!) / 2;
}

/** Marks every feed due, lets the cron fan-out task enqueue them and the worker drain the queue. */
async function refreshAllThroughWorker(services: Services, databaseUrl: string): Promise<Pass> {
  const passStart = new Date();
  await services.db.feed.updateMany({ data: { nextFetchAt: new Date(0) } });
  await services.db.$executeRaw`SELECT graphile_worker.add_job('enqueue_due_feeds', '{}'::json)`;
  const load = loadavg()[0]!;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const postgresBefore = await postgresCpuMs(services.db);
  const runner = await startWorker(services, databaseUrl);
  // Cheap to ask while jobs are pending (the database's CPU is measured too); the feeds are counted once none is.
  for (;;) {
    const [progress] = await services.db.$queryRaw<{ done: number | null }[]>`
      SELECT CASE WHEN NOT EXISTS (SELECT 1 FROM graphile_worker.jobs)
        THEN (SELECT count(*)::int FROM "Feed" WHERE "nextFetchAt" > now()) END AS done`;
    if (progress?.done === FEEDS) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const seconds = (performance.now() - started) / 1000;
  const { user, system } = process.cpuUsage(cpu);
  const postgresAfter = await postgresCpuMs(services.db);
  await runner.stop();
  // A feed whose host had no free slot is moved on unfetched; it must not pass for a refresh.
  const fetched = await services.db.feed.count({ where: { lastSuccessAt: { gte: passStart } } });
  if (fetched !== FEEDS) throw new Error(`only ${fetched} of ${FEEDS} feeds were fetched in the pass`);
  const postgresCpu = postgresCpuBetween(postgresBefore, postgresAfter);
  return { seconds, workerCpuMs: (user + system) / 1000 / FEEDS, postgresCpuMs: postgresCpu === null ? null : postgresCpu / FEEDS, load };
}

const steadyFeeds = process.argv.indexOf('--feeds'); // the scheduler's steady state instead: benchFeeds/steadyState.ts
if (process.argv.includes(SERVE_FEEDS)) serveFeeds();
else if (steadyFeeds >= 0) await runSteadyState(steadyFeedCount(process.argv[steadyFeeds + 1]));
else await main();
