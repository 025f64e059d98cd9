// Live notification benchmark: delivery latency from a mention (REST comment) to the mentioned user's
// graphql-ws subscriber, within one process (in-process pub/sub) and across two processes through Redis, and
// how many subscribed connections one process holds. Run: npm run bench:realtime (DATABASE_URL's server or an
// embedded PostgreSQL; Redis at REDIS_URL, default redis://127.0.0.1:6379). Figures: docs/performance.md
import type { Client } from 'graphql-ws';
import { createDatabaseIfMissing } from '../src/db/database.ts';
import { createPrisma } from '../src/db/prisma.ts';
import { createLogger } from '../src/logger.ts';
import { dropDatabase, openScratchServer } from '../test/scratchServer.ts';
import { rest, subscribeNotifications } from './benchRealtime/clients.ts';
import { startServer, type RunningServer } from './benchRealtime/servers.ts';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 5000);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const INVITE = 'BENCH-REALTIME-LIVE-EVENTS';
const log = createLogger('warn');

type Session = { token: string; user: { id: string; username: string } };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;

function withTimeout(promise: Promise<void>, message: string, timeoutMs = 30_000): Promise<void> {
  return Promise.race([promise, new Promise<void>((_, reject) => setTimeout(() => reject(new Error(message)), timeoutMs).unref())]);
}

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
  const clients: Client[] = [];
  const opening = performance.now();
  for (let start = 0; start < CONNECTIONS; start += 250) {
    const batch = Array.from({ length: Math.min(250, CONNECTIONS - start) }, () =>
      subscribeNotifications(server.url, receiver.token, () => {
        if (++received === CONNECTIONS) allReceived();
      }),
    );
    clients.push(...(await Promise.all(batch)));
  }
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
  const { serverUrl, close: stopPostgres } = await openScratchServer(log);
  const name = `tidings_bench_realtime_${process.pid}`;
  await createDatabaseIfMissing(serverUrl, name);
  const databaseUrl = `${serverUrl}/${name}`;
  const common = { DATABASE_URL: databaseUrl, BOOTSTRAP_INVITE_CODE: INVITE, PUBLIC_URL: 'http://127.0.0.1' };
  const local = await startServer(4290, common);
  const [redisOne, redisTwo] = await Promise.all([
    startServer(4291, { ...common, REDIS_URL }),
    startServer(4292, { ...common, REDIS_URL }),
  ]);
  const db = createPrisma(databaseUrl, 2);
  try {
    const admin = await rest<Session>(local.url, 'POST', '/auth/register', {
      username: 'bench_admin',
      email: 'admin@bench.test',
      password: 'bench-password',
      inviteCode: INVITE,
    });
    const register = async (username: string) => {
      const { inviteCode } = await rest<{ inviteCode: { code: string } }>(local.url, 'POST', '/invites', undefined, admin.token);
      return rest<Session>(local.url, 'POST', '/auth/register', {
        username,
        email: `${username}@bench.test`,
        password: 'bench-password',
        inviteCode: inviteCode.code,
      });
    };
    const sender = await register('bench_sender');
    const receiver = await register('bench_receiver');
    const feed = await db.feed.create({ data: { url: 'https://bench.example.org/feed.xml', title: 'Bench' } });
    const article = await db.article.create({ data: { feedId: feed.id, guid: 'bench', title: 'Bench article', publishedAt: new Date() } });

    console.log(
      `Tidings live notification benchmark (${SAMPLES} mentions per case; latency = comment request sent → notification received)`,
    );
    await measureLatency('one process, in-process pub/sub', local, local, sender, receiver, article.id);
    await measureLatency('one process, through Redis', redisOne, redisOne, sender, receiver, article.id);
    await measureLatency('two processes, through Redis', redisOne, redisTwo, sender, receiver, article.id);
    await measureConnections(local, sender, receiver, article.id);
  } finally {
    await db.$disconnect();
    await Promise.all([local.stop(), redisOne.stop(), redisTwo.stop()]);
    await dropDatabase(serverUrl, name);
    await stopPostgres();
  }
}

await main();
