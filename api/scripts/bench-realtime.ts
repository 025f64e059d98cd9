// Live notification benchmark: delivery latency from a mention (REST comment) to the mentioned user's
// graphql-ws subscriber, within one process (in-process pub/sub) and across two processes through Redis, and
// how many subscribed connections one process holds. Run: npm run bench:realtime (DATABASE_URL's server or an
// embedded PostgreSQL; Redis at REDIS_URL, default redis://127.0.0.1:6379). Figures: docs/performance.md
import { createLogger } from '../src/logger.ts';
import { openSubscribers, rest, subscribeNotifications, withTimeout } from './benchRealtime/clients.ts';
import { openBenchDatabase, seedMentionPair, type Session } from './benchRealtime/instance.ts';
import { startServer, type RunningServer } from './benchRealtime/servers.ts';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 5000);
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

async function main() {
  const database = await openBenchDatabase(log, `tidings_bench_realtime_${process.pid}`);
  const local = await startServer(4290, database.serverEnv);
  const [redisOne, redisTwo] = await Promise.all([
    startServer(4291, { ...database.serverEnv, REDIS_URL }),
    startServer(4292, { ...database.serverEnv, REDIS_URL }),
  ]);
  try {
    const { sender, receiver, articleId } = await seedMentionPair(local.url, database.databaseUrl);
    console.log(
      `Tidings live notification benchmark (${SAMPLES} mentions per case; latency = comment request sent → notification received)`,
    );
    await measureLatency('one process, in-process pub/sub', local, local, sender, receiver, articleId);
    await measureLatency('one process, through Redis', redisOne, redisOne, sender, receiver, articleId);
    await measureLatency('two processes, through Redis', redisOne, redisTwo, sender, receiver, articleId);
    await measureConnections(local, sender, receiver, articleId);
  } finally {
    await Promise.all([local.stop(), redisOne.stop(), redisTwo.stop()]);
    await database.drop();
  }
}

await main();
