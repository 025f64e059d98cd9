// Live events benchmark: delivery latency from a mention (REST comment) to the mentioned user's graphql-ws
// subscriber, within one process (in-process pub/sub) and across two processes through Redis; how many subscribed
// connections one process holds; and what one unread-count event costs: a reader with many open sockets marks an
// article read, and the benchmark times until every socket has the new counts and counts the SQL statements the
// servers sent meanwhile (a statement probe in each server process, benchRealtime/statementProbe.ts).
// Run: npm run bench:realtime (DATABASE_URL's server or an embedded PostgreSQL; Redis at REDIS_URL, default
// redis://127.0.0.1:6379). Figures: docs/performance.md
import type { Client } from 'graphql-ws';
import { createLogger } from '../src/logger.ts';
import {
  graphql,
  openClients,
  openSubscribers,
  rest,
  subscribeNotifications,
  subscribeUnreadCounts,
  withTimeout,
} from './benchRealtime/clients.ts';
import { openBenchDatabase, seedMentionPair, seedReader, type Session } from './benchRealtime/instance.ts';
import { startServer, type RunningServer } from './benchRealtime/servers.ts';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 5000);
/** Open sockets of the reader in the unread-count cases, one case each. */
const COUNT_SOCKETS = (process.env.BENCH_COUNT_SOCKETS ?? '30,300').split(',').map(Number);
/** Articles read (one event each) per unread-count case. */
const COUNT_READS = Number(process.env.BENCH_COUNT_READS ?? 5);
/** Which parts run: `notifications` (latency), `connections` (5,000 sockets), `counts` (unread-count events). */
const CASES = new Set((process.env.BENCH_REALTIME_CASES ?? 'notifications,connections,counts').split(','));
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const log = createLogger('warn');

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Mentions `receiver` SAMPLES times through `sender`'s server and times each until `receiver`'s subscriber has it. */
async function measureLatency(
  label: string,
  senderServer: RunningServer,
  receiverServer: RunningServer,
  sender: Session,
  receiver: Session,
  articleId: string,
) {
  // Mentions are sent one at a time, so whatever arrives answers the one in flight.
  let delivered: () => void = () => {};
  const client = await subscribeNotifications(receiverServer.url, receiver.token, () => delivered());
  const latencies: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const received = new Promise<void>((resolve) => (delivered = resolve));
    const started = performance.now();
    await rest(senderServer.url, 'POST', '/comments', { articleId, content: `@${receiver.user.username} mention ${i}` }, sender.token);
    await withTimeout(received, `${label}: mention ${i} never arrived`);
    latencies.push(performance.now() - started);
  }
  await client.dispose();
  latencies.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(34)} p50 ${ms(percentile(latencies, 50))}  p99 ${ms(percentile(latencies, 99))}  max ${ms(latencies.at(-1)!)}  (${SAMPLES} mentions)`,
  );
}

/** Opens CONNECTIONS subscribed clients on one process, then times one notification's fan-out to all of them. */
async function measureConnections(server: RunningServer, sender: Session, receiver: Session, articleId: string) {
  const before = server.rssMiB();
  let received = 0;
  let allReceived: () => void = () => {};
  const everyone = new Promise<void>((resolve) => (allReceived = resolve));
  const opening = performance.now();
  const clients = await openSubscribers(server.url, receiver.token, CONNECTIONS, () => {
    if (++received === CONNECTIONS) allReceived();
  });
  const opened = performance.now() - opening;
  const after = server.rssMiB();
  const started = performance.now();
  await rest(server.url, 'POST', '/comments', { articleId, content: `@${receiver.user.username} to everyone` }, sender.token);
  await withTimeout(everyone, `only ${received} of ${CONNECTIONS} connections received the notification`);
  const fanOut = performance.now() - started;
  console.log(
    `${CONNECTIONS} subscribed connections on one process: opened in ${(opened / 1000).toFixed(1)} s; ` +
      `server memory ${before.toFixed(0)} → ${after.toFixed(0)} MiB (${(((after - before) * 1024) / CONNECTIONS).toFixed(1)} KiB each); ` +
      `one notification reached all of them in ${ms(fanOut)}`,
  );
  await Promise.all(clients.map((client) => client.dispose()));
}

const gid = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const MARK_READ = 'mutation($id: ID!) { markArticleRead(id: $id) { __typename ... on Article { isRead } } }';

/** A statement's kind, for the report: what it is for when known, else the start of its text. */
function kindOf(sql: string): string {
  const text = sql.replace(/\s+/g, ' ').trim();
  if (/FROM "Session" s JOIN "User"/.test(text)) return 'request: session lookup';
  if (/DELETE FROM "UnreadArticle"/.test(text)) return 'request: mark read';
  if (/^WITH page AS \(SELECT id, "publishedAt" FROM "Article"/.test(text)) return 'request: the article as it now is';
  if (/WITH changed AS/.test(text)) return 'event: counts, read once';
  if (/FROM "public"\."Session" WHERE .*"id" IN/.test(text)) return 'sockets: open sessions (batched)';
  return text.slice(0, 90);
}

/** The statements by kind, most frequent first, as one line. */
function statementSummary(statements: string[]): string {
  const byKind = new Map<string, number>();
  for (const sql of statements) byKind.set(kindOf(sql), (byKind.get(kindOf(sql)) ?? 0) + 1);
  return [...byKind]
    .sort((a, b) => b[1] - a[1])
    .map(([kind, count]) => `${count} × ${kind}`)
    .join('\n      ');
}

/**
 * A reader with `sockets` open sockets on `listening` marks articles read through `acting`, one at a time: the time
 * until every socket holds the new count of the article's subscription, and the statements both servers sent for
 * each read (from sending the mutation until 300 ms after the last socket had it).
 */
async function measureUnreadCounts(
  label: string,
  acting: RunningServer,
  listening: RunningServer,
  register: (username: string) => Promise<Session>,
  databaseUrl: string,
  sockets: number,
) {
  const { reader, subscriptionId, articleIds } = await seedReader(
    register,
    databaseUrl,
    `bench_reader_${acting === listening ? 'one' : 'two'}_${sockets}`,
  );
  const target = gid('FeedSubscription', subscriptionId);
  const latest: (number | undefined)[] = Array.from({ length: sockets }, () => undefined);
  const arrivedAt: number[] = Array.from({ length: sockets }, () => 0);
  let check = () => {};
  const clients: Client[] = await openClients(sockets, (index) =>
    subscribeUnreadCounts(listening.url, reader.token, (counts) => {
      const count = counts.subscriptions.find((entry) => entry.subscriptionId === target)?.unreadCount;
      if (count === undefined) return;
      latest[index] = count;
      arrivedAt[index] = performance.now();
      check();
    }),
  );
  const servers = acting === listening ? [acting] : [acting, listening];
  let unread = articleIds.length;
  let next = 0;
  /** Reads the next article and waits until every socket has the count; answers the delivery time of the last one. */
  const readOne = async () => {
    unread -= 1;
    const expected = unread;
    const everyone = new Promise<void>((resolve) => {
      check = () => latest.every((count) => count === expected) && resolve();
    });
    const started = performance.now();
    await graphql(acting.url, MARK_READ, { id: gid('Article', articleIds[next++]!) }, reader.token);
    await withTimeout(
      everyone,
      `${label}: only ${latest.filter((count) => count === expected).length} of ${sockets} sockets had the counts`,
    );
    return Math.max(...arrivedAt) - started;
  };
  // A socket's subscription starts a moment after it connected: the first read makes sure every one is live.
  await readOne();
  await sleep(300);
  const deliveries: number[] = [];
  const statementCounts: number[] = [];
  let last: string[] = [];
  for (let read = 0; read < COUNT_READS; read++) {
    for (const server of servers) await server.recordStatements();
    deliveries.push(await readOne());
    await sleep(300);
    last = (await Promise.all(servers.map((server) => server.recordedStatements()))).flat();
    statementCounts.push(last.length);
  }
  await Promise.all(clients.map((client) => client.dispose()));
  const max = Math.max(...deliveries);
  console.log(
    `${label}, ${sockets} sockets of one reader: every socket had the new counts ${ms(median(deliveries))} (median), ` +
      `${ms(max)} (max) after the read was sent (${COUNT_READS} reads; ${max <= 1000 ? 'within' : 'NOT within'} 1 s)`,
  );
  console.log(
    `    statements per read: ${[...new Set(statementCounts)].join(', ')} (${(Math.max(...statementCounts) / sockets).toFixed(2)} per socket); the last read's:\n      ${statementSummary(last)}`,
  );
}

async function main() {
  const database = await openBenchDatabase(log, `tidings_bench_realtime_${process.pid}`);
  // The statement probe costs one function call per statement: nothing next to the statement itself.
  const local = await startServer(4290, database.serverEnv, { statements: true });
  const [redisOne, redisTwo] = await Promise.all([
    startServer(4291, { ...database.serverEnv, REDIS_URL }, { statements: true }),
    startServer(4292, { ...database.serverEnv, REDIS_URL }, { statements: true }),
  ]);
  try {
    const { sender, receiver, articleId, register } = await seedMentionPair(local.url, database.databaseUrl);
    if (CASES.has('notifications')) {
      console.log(
        `Tidings live notification benchmark (${SAMPLES} mentions per case; latency = comment request sent → notification received)`,
      );
      await measureLatency('one process, in-process pub/sub', local, local, sender, receiver, articleId);
      await measureLatency('one process, through Redis', redisOne, redisOne, sender, receiver, articleId);
      await measureLatency('two processes, through Redis', redisOne, redisTwo, sender, receiver, articleId);
    }
    if (CASES.has('connections')) await measureConnections(local, sender, receiver, articleId);
    if (CASES.has('counts')) {
      console.log(`\nUnread-count events (a reader with 20 feeds in 4 folders marks an article read; ${COUNT_READS} reads per case)`);
      for (const sockets of COUNT_SOCKETS) {
        await measureUnreadCounts('one process, in-process pub/sub', local, local, register, database.databaseUrl, sockets);
      }
      const most = Math.max(...COUNT_SOCKETS);
      await measureUnreadCounts('two processes, through Redis', redisOne, redisTwo, register, database.databaseUrl, most);
    }
  } finally {
    await Promise.all([local.stop(), redisOne.stop(), redisTwo.stop()]);
    await database.drop();
  }
}

await main();
