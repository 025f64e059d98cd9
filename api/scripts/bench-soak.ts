// Memory soak of the live notification broadcast: one user holds BENCH_SOAK_SOCKETS subscribed graphql-ws
// connections on the compiled server, and mentions of that user (REST comments) reach all of them, one after
// another, for BENCH_SOAK_MINUTES. The server runs with a memory probe (api/scripts/benchRealtime/memoryProbe.ts)
// that collects garbage before each reading. The run first repeats the issue's measurement (ten mentions, then
// every socket closed), then soaks in rounds of one minute: open the sockets, broadcast, close them all.
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

/** The receiver's sockets and a way to send one mention to all of them. */
async function openBroadcast(server: RunningServer, sender: Session, receiver: Session, articleId: string) {
  let received = 0;
  let allReceived = () => {};
  const clients: Client[] = await openSubscribers(server.url, receiver.token, SOCKETS, () => {
    if (++received === SOCKETS) allReceived();
  });
  let sent = 0;
  return {
    /** Mentions the receiver once and waits until every socket has the notification. */
    broadcast: async () => {
      received = 0;
      const everyone = new Promise<void>((resolve) => (allReceived = resolve));
      await rest(server.url, 'POST', '/comments', { articleId, content: `@${receiver.user.username} broadcast ${++sent}` }, sender.token);
      await withTimeout(everyone, `only ${received} of ${SOCKETS} sockets received mention ${sent}`);
    },
    close: async () => {
      await Promise.all(clients.map((client) => client.dispose()));
      // The server sees the closes a moment after the clients sent them.
      await new Promise((resolve) => setTimeout(resolve, 1000));
    },
  };
}

/** The issue's measurement: ten mentions to SOCKETS sockets, the memory after each, then after closing them all. */
async function repeatIssueMeasurement(server: RunningServer, sender: Session, receiver: Session, articleId: string) {
  const idle = await server.memoryAfterGc();
  if (SNAPSHOTS) console.log(`heap snapshot before: ${await server.heapSnapshot(path.join(SNAPSHOTS, 'before.heapsnapshot'))}`);
  const sockets = await openBroadcast(server, sender, receiver, articleId);
  console.log(`idle                         ${formatMemory(idle)}`);
  console.log(`${SOCKETS} sockets open            ${formatMemory(await server.memoryAfterGc())}`);
  for (let mention = 1; mention <= 10; mention++) {
    await sockets.broadcast();
    console.log(`after mention ${String(mention).padEnd(2)}             ${formatMemory(await server.memoryAfterGc())}`);
  }
  await sockets.close();
  const closed = await server.memoryAfterGc();
  console.log(`every socket closed          ${formatMemory(closed)}  (${memoryGrowth(idle, closed)} from idle)`);
  if (SNAPSHOTS) console.log(`heap snapshot after: ${await server.heapSnapshot(path.join(SNAPSHOTS, 'after.heapsnapshot'))}`);
}

/** Rounds of one minute (open, broadcast, close) for MINUTES; whether the memory after GC ends where it started. */
async function soak(server: RunningServer, sender: Session, receiver: Session, articleId: string): Promise<boolean> {
  const start = await server.memoryAfterGc();
  console.log(`\nsoak: ${MINUTES} rounds of one minute (open ${SOCKETS} sockets, mention them until the minute is over, close them)`);
  console.log(`start                        ${formatMemory(start)}`);
  let broadcasts = 0;
  let peak: MemoryAfterGc = start;
  for (let round = 1; round <= MINUTES; round++) {
    const roundEnds = Date.now() + 60_000;
    const sockets = await openBroadcast(server, sender, receiver, articleId);
    while (Date.now() < roundEnds) {
      await sockets.broadcast();
      broadcasts++;
    }
    const open = await server.memoryAfterGc();
    if (open.rssMiB > peak.rssMiB) peak = open;
    await sockets.close();
    console.log(`round ${String(round).padEnd(2)} sockets open        ${formatMemory(open)}`);
    console.log(`round ${String(round).padEnd(2)} closed              ${formatMemory(await server.memoryAfterGc())}  (${broadcasts} broadcasts so far)`);
  }
  const end = await server.memoryAfterGc();
  const held = end.rssMiB <= start.rssMiB * (1 + TOLERANCE) && end.heapUsedMiB <= start.heapUsedMiB * (1 + TOLERANCE);
  console.log(
    `end                          ${formatMemory(end)}  (${memoryGrowth(start, end)} from the start; ` +
      `${broadcasts} broadcasts to ${SOCKETS} sockets, ${broadcasts * SOCKETS} deliveries)`,
  );
  console.log(`${held ? 'HELD' : 'MISSED'}: the memory after GC ${held ? 'ended' : 'did not end'} within ${TOLERANCE * 100} % of the start`);
  return held;
}

async function main() {
  if (SNAPSHOTS) mkdirSync(SNAPSHOTS, { recursive: true });
  const database = await openBenchDatabase(log, `tidings_bench_soak_${process.pid}`);
  const server = await startServer(4295, database.serverEnv, { compiled: true, probe: true });
  let held = false;
  try {
    const { sender, receiver, articleId } = await seedMentionPair(server.url, database.databaseUrl);
    console.log(`Tidings memory soak: mentions to one user's ${SOCKETS} subscribed sockets (memory of the server after GC)`);
    await repeatIssueMeasurement(server, sender, receiver, articleId);
    held = await soak(server, sender, receiver, articleId);
  } finally {
    await server.stop();
    await database.drop();
  }
  process.exitCode = held ? 0 : 1;
}

await main();
