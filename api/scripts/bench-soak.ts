// Memory soak of the live notification broadcast: one user holds BENCH_SOAK_SOCKETS subscribed graphql-ws
// connections on the compiled server, and mentions of that user (REST comments) reach all of them, one after
// another, for BENCH_SOAK_MINUTES (a few sockets fewer each minute). The server runs with a memory probe (api/scripts/benchRealtime/memoryProbe.ts)
// that collects garbage before each reading. The run first repeats the issue's measurement (1,000 sockets subscribed
// to notificationAdded, ten mentions each delivered to every socket, every socket closed, GC: heap and resident set
// within 10 % of the idle server's), then soaks in rounds of one minute: open the sockets, broadcast, close them all
// (BENCH_SOAK_MINUTES=0 skips the soak). Exit code 1 when either ended over 10 %.
// Run: npm run bench:soak. Figures: docs/performance.md
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Client } from 'graphql-ws';
import { createLogger } from '../src/logger.ts';
import { openSubscribers, rest, withTimeout } from './benchRealtime/clients.ts';
import { openBenchDatabase, seedMentionPair, type Session } from './benchRealtime/instance.ts';
import { formatMemory, memoryGrowth } from './benchRealtime/memory.ts';
import { startServer, type MemoryAfterGc, type RunningServer } from './benchRealtime/servers.ts';

const SOCKETS = Number(process.env.BENCH_SOAK_SOCKETS ?? 1000);
const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
/** A folder for heap snapshots of the server before and after the issue's ten mentions; none when unset. */
const SNAPSHOTS = process.env.BENCH_SOAK_SNAPSHOTS;
const TOLERANCE = 0.1;
const log = createLogger('warn');

/** `count` sockets of the receiver and a way to send one mention to all of them. */
async function openBroadcast(server: RunningServer, sender: Session, receiver: Session, articleId: string, count = SOCKETS) {
  let received = 0;
  let allReceived = () => {};
  const clients: Client[] = await openSubscribers(server.url, receiver.token, count, () => {
    if (++received === count) allReceived();
  });
  let sent = 0;
  let delivered = 0;
  return {
    /** Notifications that reached a socket so far, over every broadcast. */
    delivered: () => delivered,
    /** Mentions the receiver once and waits until every socket has the notification. */
    broadcast: async () => {
      received = 0;
      const everyone = new Promise<void>((resolve) => (allReceived = resolve));
      await rest(server.url, 'POST', '/comments', { articleId, content: `@${receiver.user.username} broadcast ${++sent}` }, sender.token);
      await withTimeout(everyone, `only ${received} of ${count} sockets received mention ${sent}`);
      delivered += received;
    },
    close: async () => {
      await Promise.all(clients.map((client) => client.dispose()));
      // The server sees the closes a moment after the clients sent them (over a second on a busy machine).
      await new Promise((resolve) => setTimeout(resolve, 3000));
    },
  };
}

/** The server's resident set as the system sees it, then its memory after GC, as one line. */
async function reading(server: RunningServer): Promise<string> {
  const outside = server.rssMiB();
  return `rss ${outside.toFixed(1).padStart(6)} MiB | after GC: ${formatMemory(await server.memoryAfterGc())}`;
}

/** Whether the heap and the resident set after GC are within TOLERANCE of `start`'s. */
const within = (start: MemoryAfterGc, end: MemoryAfterGc) =>
  end.rssMiB <= start.rssMiB * (1 + TOLERANCE) && end.heapUsedMiB <= start.heapUsedMiB * (1 + TOLERANCE);

/**
 * The issue's measurement: ten mentions to SOCKETS sockets, each delivered to every one of them, the memory after
 * each, then after closing them all and letting the server idle for 30 s (V8 gives memory back by itself once a
 * process goes idle); whether the memory after GC came back within TOLERANCE of the idle server's.
 */
async function repeatIssueMeasurement(server: RunningServer, sender: Session, receiver: Session, articleId: string): Promise<boolean> {
  const idle = await server.memoryAfterGc();
  console.log(`idle                         rss ${server.rssMiB().toFixed(1).padStart(6)} MiB | after GC: ${formatMemory(idle)}`);
  if (SNAPSHOTS) console.log(`heap snapshot before: ${await server.heapSnapshot(path.join(SNAPSHOTS, 'before.heapsnapshot'))}`);
  const sockets = await openBroadcast(server, sender, receiver, articleId);
  console.log(`${SOCKETS} sockets open            ${await reading(server)}`);
  for (let mention = 1; mention <= 10; mention++) {
    await sockets.broadcast();
    console.log(`after mention ${String(mention).padEnd(2)}             ${await reading(server)}`);
  }
  await sockets.close();
  const closedRss = server.rssMiB();
  await new Promise((resolve) => setTimeout(resolve, 30_000));
  const idledRss = server.rssMiB();
  const closed = await server.memoryAfterGc();
  console.log(
    `every socket closed          rss ${closedRss.toFixed(1).padStart(6)} MiB, 30 s later ${idledRss.toFixed(1)} MiB | after GC: ` +
      `${formatMemory(closed)}  (${memoryGrowth(idle, closed)} from idle)`,
  );
  if (SNAPSHOTS) console.log(`heap snapshot after: ${await server.heapSnapshot(path.join(SNAPSHOTS, 'after.heapsnapshot'))}`);
  const held = within(idle, closed);
  console.log(
    `${held ? 'HELD' : 'MISSED'}: ${sockets.delivered()} of ${10 * SOCKETS} notifications delivered; the memory after GC ` +
      `${held ? 'came back' : 'did not come back'} within ${TOLERANCE * 100} % of the idle server's once the sockets closed`,
  );
  return held;
}

/** Rounds of one minute (open, broadcast, close) for MINUTES; whether the memory after GC ends where it started. */
async function soak(server: RunningServer, sender: Session, receiver: Session, articleId: string): Promise<boolean> {
  const start = await server.memoryAfterGc();
  console.log(`\nsoak: ${MINUTES} rounds of one minute (open about ${SOCKETS} sockets, mention them until the minute is over, close them)`);
  console.log(`start                        ${formatMemory(start)}`);
  let broadcasts = 0;
  for (let round = 1; round <= MINUTES; round++) {
    const roundEnds = Date.now() + 60_000;
    // A few sockets fewer each round: a real event reaches a varying number of connections.
    const sockets = await openBroadcast(server, sender, receiver, articleId, SOCKETS - (round - 1) * 7);
    while (Date.now() < roundEnds) {
      await sockets.broadcast();
      broadcasts++;
    }
    const openRss = server.rssMiB();
    const open = await server.memoryAfterGc();
    await sockets.close();
    console.log(
      `round ${String(round).padEnd(2)} sockets open        rss ${openRss.toFixed(1).padStart(6)} MiB | after GC: ${formatMemory(open)}`,
    );
    console.log(`round ${String(round).padEnd(2)} closed              ${await reading(server)}  (${broadcasts} broadcasts so far)`);
  }
  const end = await server.memoryAfterGc();
  const held = within(start, end);
  console.log(
    `end                          ${formatMemory(end)}  (${memoryGrowth(start, end)} from the start; ` +
      `${broadcasts} broadcasts to about ${SOCKETS} sockets each)`,
  );
  console.log(
    `${held ? 'HELD' : 'MISSED'}: the memory after GC ${held ? 'ended' : 'did not end'} within ${TOLERANCE * 100} % of the start`,
  );
  return held;
}

async function main() {
  if (SNAPSHOTS) mkdirSync(SNAPSHOTS, { recursive: true });
  const database = await openBenchDatabase(log, `tidings_bench_soak_${process.pid}`);
  const server = await startServer(4295, database.serverEnv, { compiled: true, probe: true });
  try {
    const { sender, receiver, articleId } = await seedMentionPair(server.url, database.databaseUrl);
    console.log(`Tidings memory soak: mentions to one user's ${SOCKETS} subscribed sockets (memory of the server after GC)`);
    const issueHeld = await repeatIssueMeasurement(server, sender, receiver, articleId);
    const soakHeld = MINUTES > 0 ? await soak(server, sender, receiver, articleId) : true;
    process.exitCode = issueHeld && soakHeld ? 0 : 1;
  } finally {
    await server.stop();
    await database.drop();
  }
}

await main();
