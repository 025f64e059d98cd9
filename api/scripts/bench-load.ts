// Load test of the compiled server through its REST API: BENCH_LOAD_READERS simulated readers behave like people
// for BENCH_LOAD_SECONDS (each waits 1–5 s between actions: list 60 %, open 20 %, mark read 10 %, like 5 %,
// comment 3 %, notifications 2 %) while BENCH_LOAD_SOCKETS graphql-ws connections of those readers are
// subscribed to their notifications (each comment mentions another reader, so some of them get it live); then the
// same readers and mix without waiting for BENCH_LOAD_SATURATED_SECONDS, for the throughput. Errors and latency
// percentiles per kind of action. The client runs on the same cores as the server.
// Run: npm run bench:load. Figures: docs/performance.md
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Client } from 'graphql-ws';
import { createPrisma, type PrismaClient } from '../src/db/prisma.ts';
import { startSubscription } from '../src/domain/subscriptions/subscriptions.ts';
import { storeNewArticles } from '../src/domain/refresh/storeArticles.ts';
import { openSession } from '../src/domain/accounts/sessions.ts';
import { createLogger } from '../src/logger.ts';
import { openSubscribers } from './benchRealtime/clients.ts';
import { openBenchDatabase } from './benchRealtime/instance.ts';
import { startServer, type RunningServer } from './benchRealtime/servers.ts';
import { postgresCpuBetween, postgresCpuMs } from './benchShared/postgresCpu.ts';
import { pickAction, seededRandom, Tally, thinkTimeMs, type Action, type KindSummary } from './benchLoad/mix.ts';
import { plainText } from '../src/ingest/sanitise.ts';

const READERS = Number(process.env.BENCH_LOAD_READERS ?? 200);
const SOCKETS = Number(process.env.BENCH_LOAD_SOCKETS ?? 5000);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const SATURATED_SECONDS = Number(process.env.BENCH_LOAD_SATURATED_SECONDS ?? 30);
/** A folder for a CPU profile of the server over the whole run (`--cpu-prof`); none when unset. */
const PROFILE = process.env.BENCH_LOAD_PROFILE;
const FEEDS = 20;
const FEEDS_PER_READER = 10;
const ARTICLES_PER_FEED = 150;
const log = createLogger('warn');

type Reader = { username: string; token: string; articleIds: string[] };

const PARAGRAPH =
  '<p>Readers of this feed follow the story as it unfolds, with quotes from the people involved, the figures that matter ' +
  'and a link back to the original report for anyone who wants the whole of it.</p>';

/** Readers, feeds and their articles, written the way the app writes them (subscriptions, then new articles fanned out). */
async function seed(databaseUrl: string): Promise<Reader[]> {
  const db = createPrisma(databaseUrl, 4);
  try {
    await db.user.createMany({
      data: Array.from({ length: READERS }, (_, i) => ({
        username: `reader${i}`,
        email: `reader${i}@load.test`,
        // Never signed in with: the readers get their sessions below.
        passwordHash: 'load-test-without-password',
      })),
    });
    const users = await db.user.findMany({ select: { id: true, username: true }, orderBy: { username: 'asc' } });
    const feeds = await Promise.all(
      Array.from({ length: FEEDS }, (_, i) =>
        db.feed.create({ data: { url: `https://load.example.org/${i}.xml`, title: `Load feed ${i}`, lastFetchedAt: new Date() } }),
      ),
    );
    const readers: Reader[] = [];
    for (const [index, user] of users.entries()) {
      const subscribed = Array.from({ length: FEEDS_PER_READER }, (_, i) => feeds[(index + i * 2) % FEEDS]!);
      for (const feed of subscribed) await db.$transaction((tx) => startSubscription(tx, { userId: user.id, feedId: feed.id }));
      readers.push({ username: user.username, token: await openSession(db, user.id), articleIds: [] });
    }
    const now = Date.now();
    for (const [feedIndex, feed] of feeds.entries()) {
      await storeNewArticles(
        db,
        feed.id,
        Array.from({ length: ARTICLES_PER_FEED }, (_, i) => ({
          guid: `load-${feedIndex}-${i}`,
          guidIsPermaLink: false,
          url: `https://load.example.org/${feedIndex}/${i}`,
          originalUrl: null,
          title: `Story ${i} of feed ${feedIndex}`,
          author: null,
          excerpt: `Story ${i} of feed ${feedIndex}`,
          content: PARAGRAPH.repeat(6),
          contentText: plainText(PARAGRAPH.repeat(6)),
          imageUrl: null,
          enclosures: [],
          commentsUrl: null,
          publishedAt: new Date(now - (i * FEEDS + feedIndex) * 60_000),
          dated: true,
        })),
      );
    }
    return readers;
  } finally {
    await db.$disconnect();
  }
}

/** One action of `reader` against the REST API; answers an error message when it failed. */
async function act(
  server: RunningServer,
  reader: Reader,
  readers: Reader[],
  action: Action,
  random: () => number,
): Promise<string | undefined> {
  const articleId = reader.articleIds[Math.floor(random() * reader.articleIds.length)]!;
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${reader.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path.replace(/[0-9a-f-]{36}/g, ':id')}: ${response.status} ${text.slice(0, 200)}`);
    return text;
  };
  try {
    if (action === 'list') {
      // What the reader sees is what they open, read, like and comment on next.
      const { articles } = JSON.parse(await call('GET', '/articles?unread=true&limit=30')) as { articles: { id: string }[] };
      if (articles.length > 0) reader.articleIds = articles.map((article) => article.id);
    } else if (action === 'open') await call('GET', `/articles/${articleId}`);
    else if (action === 'mark read') await call('POST', `/articles/${articleId}/read`);
    else if (action === 'like') await call('POST', `/articles/${articleId}/like`);
    else if (action === 'comment') {
      const mentioned = readers[Math.floor(random() * readers.length)]!;
      await call('POST', '/comments', { articleId, content: `Worth reading, @${mentioned.username}.` });
    } else await call('GET', '/notifications');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Every reader acting until `seconds` are over, pausing `pause()` ms before each action. */
async function runPhase(
  server: RunningServer,
  database: PrismaClient,
  readers: Reader[],
  seconds: number,
  pause: (random: () => number) => number,
) {
  const tally = new Tally();
  const ends = performance.now() + seconds * 1000;
  const load = loadavg()[0]!;
  const cpuBefore = server.cpuSeconds();
  const clientCpuBefore = process.cpuUsage();
  const postgresBefore = await postgresCpuMs(database);
  // How late the client's own event loop ran: time the readers' requests could not be sent or read.
  const clientLag = monitorEventLoopDelay({ resolution: 10 });
  clientLag.enable();
  await Promise.all(
    readers.map(async (reader, index) => {
      const random = seededRandom(index + 1);
      // People do not all start at once: the first action comes after one pause too.
      for (let wait = pause(random); performance.now() + wait < ends; wait = pause(random)) {
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const action = pickAction(random());
        const started = performance.now();
        const error = await act(server, reader, readers, action, random);
        tally.record(action, performance.now() - started, error);
      }
    }),
  );
  clientLag.disable();
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const postgresCpu = postgresCpuBetween(postgresBefore, await postgresCpuMs(database));
  const percentOfACore = (ms: number) => (ms / 1000 / seconds) * 100;
  return {
    ...tally.summary(),
    firstErrors: tally.firstErrors,
    loadBefore: load,
    loadAfter: loadavg()[0]!,
    serverCpuPercent: ((server.cpuSeconds() - cpuBefore) / seconds) * 100,
    postgresCpuPercent: postgresCpu === null ? null : percentOfACore(postgresCpu),
    clientCpuPercent: percentOfACore((clientCpu.user + clientCpu.system) / 1000),
    clientLagMs: { p99: clientLag.percentile(99) / 1e6, max: clientLag.max / 1e6 },
  };
}

function printPhase(title: string, seconds: number, phase: Awaited<ReturnType<typeof runPhase>>) {
  const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(1)).padStart(8);
  const row = (kind: KindSummary) =>
    `${kind.action.padEnd(14)}${String(kind.requests).padStart(8)}${String(kind.errors).padStart(8)}${ms(kind.p50)}${ms(kind.p95)}${ms(kind.p99)}${ms(kind.max)}`;
  console.log(
    `\n${title}: ${phase.all.requests} requests in ${seconds} s = ${(phase.all.requests / seconds).toFixed(1)} requests/s, ` +
      `${phase.all.errors} errors; load average ${phase.loadBefore.toFixed(2)} → ${phase.loadAfter.toFixed(2)}; ` +
      `CPU in % of a core: server ${phase.serverCpuPercent.toFixed(0)}, PostgreSQL ${phase.postgresCpuPercent?.toFixed(0) ?? '–'}, ` +
      `client ${phase.clientCpuPercent.toFixed(0)}; client event loop late by p99 ` +
      `${phase.clientLagMs.p99.toFixed(0)} ms, max ${phase.clientLagMs.max.toFixed(0)} ms`,
  );
  console.log(
    `${'kind'.padEnd(14)}${'requests'.padStart(8)}${'errors'.padStart(8)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'max ms'.padStart(8)}`,
  );
  for (const kind of phase.kinds) console.log(row(kind));
  console.log(row(phase.all));
  for (const [action, message] of phase.firstErrors) console.log(`first ${action} error: ${message}`);
}

async function main() {
  const database = await openBenchDatabase(log, `tidings_bench_load_${process.pid}`);
  const server = await startServer(4297, database.serverEnv, { compiled: true, cpuProfileDir: PROFILE });
  const clients: Client[] = [];
  // Reads PostgreSQL's CPU (pg_stat_activity) beside the server's pool.
  const observer = createPrisma(database.databaseUrl, 1);
  try {
    const seeding = performance.now();
    const readers = await seed(database.databaseUrl);
    console.log(
      `Tidings load test: ${READERS} readers, ${FEEDS} feeds of ${ARTICLES_PER_FEED} articles, ${FEEDS_PER_READER} per reader ` +
        `(seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s)`,
    );
    // Each reader starts with their first page listed, so any action has an article to act on.
    await Promise.all(readers.map((reader) => act(server, reader, readers, 'list', () => 0)));
    if (readers.some((reader) => reader.articleIds.length === 0)) throw new Error('a reader has no unread article to start with');
    let delivered = 0;
    const opening = performance.now();
    const perReader = Math.ceil(SOCKETS / readers.length);
    for (let start = 0; start < readers.length; start += 10) {
      const batch = readers.slice(start, start + 10).map((reader, i) => {
        const count = Math.max(0, Math.min(perReader, SOCKETS - (start + i) * perReader));
        return openSubscribers(server.url, reader.token, count, () => delivered++);
      });
      clients.push(...(await Promise.all(batch)).flat());
    }
    console.log(
      `${clients.length} graphql-ws connections subscribed to notificationAdded (${perReader} per reader) in ` +
        `${((performance.now() - opening) / 1000).toFixed(1)} s; server memory ${server.rssMiB().toFixed(0)} MiB`,
    );

    const paced = await runPhase(server, observer, readers, SECONDS, (random) => thinkTimeMs(random()));
    printPhase(`${READERS} readers pausing 1–5 s between actions`, SECONDS, paced);
    const saturated = await runPhase(server, observer, readers, SATURATED_SECONDS, () => 0);
    printPhase(`${READERS} readers without pausing (saturated)`, SATURATED_SECONDS, saturated);
    console.log(`\nnotifications delivered live meanwhile: ${delivered}; server memory ${server.rssMiB().toFixed(0)} MiB`);
  } finally {
    await Promise.all(clients.map((client) => client.dispose()));
    await observer.$disconnect();
    await server.stop();
    await database.drop();
  }
}

await main();
