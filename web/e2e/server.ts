/**
 * The server under test: the real Tidings API serving the built web app, on a database made fresh for this
 * run: a new `tidings_e2e_*` database on DATABASE_URL's server when it is set, else an embedded PostgreSQL
 * in a new temporary directory. Both are removed again on SIGTERM (Playwright's graceful shutdown); a database a
 * killed run left behind is dropped by a later run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../../api/src/config.ts';
import { createLogger } from '../../api/src/logger.ts';
import { start } from '../../api/src/main.ts';
import { createScratchDatabase, dropDatabase, serverUrlOf } from '../../api/test/scratchServer.ts';
import { ANALYTICS_WEBSITE_ID, startFakeServices } from './fakeServices.ts';
import { INBOUND_DOMAIN, inboundSmtpPort } from './inboundMail.ts';
import { BOOTSTRAP_INVITE_CODE } from './users.ts';

const port = Number(process.env.E2E_PORT ?? 4180);
const fakes = await startFakeServices(port);
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  BOOTSTRAP_INVITE_CODE,
  LOG_LEVEL: 'warn',
  REDIS_URL: '',
  // The journeys subscribe to fixture feeds served from 127.0.0.1 (feedSite.ts); the guard refuses those otherwise.
  FEED_ALLOW_PRIVATE_HOSTS: 'true',
  // Every test's fixture site is on that one host; each stands for a publisher of its own, fetched in parallel.
  FEED_FETCHES_PER_HOST: '20',
  // registerUser (users.ts) gives each API registration an address of its own, past the per-address hourly limit.
  TRUST_PROXY: 'true',
  // E-mail (password resets, the admin's test send) and web analytics go to local fakes, never the real services.
  POSTMARK_SERVER_TOKEN: 'e2e-postmark-token',
  EMAIL_FROM: 'tidings@e2e.test',
  POSTMARK_API_URL: fakes,
  ANALYTICS_URL: `${fakes}/dashboard`,
  ANALYTICS_API_URL: `${fakes}/api`,
  ANALYTICS_WEBSITE_ID,
  // Newsletters arrive by SMTP on 127.0.0.1, sent by the journeys themselves (newsletters.spec.ts).
  INBOUND_DOMAIN,
  INBOUND_SMTP_PORT: String(inboundSmtpPort(port)),
  INBOUND_SMTP_HOST: '127.0.0.1',
};

const E2E_DATABASE = /^tidings_e2e_([0-9a-z]+)_(\d+)$/;
/** A run's database is left behind when its server was killed: it is not running here any more, and hours old. */
const LEFT_BEHIND_MS = 3 * 3_600_000;

/** Whether a process of this machine is running. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Drops the databases earlier runs left behind on the server (named by when and by which process they were made). */
async function dropLeftBehind(serverUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(`SELECT datname AS name FROM pg_database WHERE datname LIKE 'tidings\\_e2e\\_%'`);
    for (const { name } of rows) {
      const [, made, pid] = E2E_DATABASE.exec(name) ?? [];
      if (made && pid && Date.now() - parseInt(made, 36) > LEFT_BEHIND_MS && !isRunning(Number(pid))) await dropDatabase(serverUrl, name);
    }
  } finally {
    await client.end();
  }
}

let cleanUp: () => Promise<void>;
if (process.env.DATABASE_URL) {
  const serverUrl = serverUrlOf(process.env.DATABASE_URL);
  await dropLeftBehind(serverUrl).catch((error: unknown) =>
    console.error("e2e server: earlier runs' databases could not be dropped", error),
  );
  const name = `tidings_e2e_${Date.now().toString(36)}_${process.pid}`;
  await createScratchDatabase(serverUrl, name);
  env.DATABASE_URL = `${serverUrl}/${name}`;
  cleanUp = () => dropDatabase(serverUrl, name);
} else {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tidings-e2e-'));
  env.DATABASE_URL = '';
  env.DATA_DIR = dataDir;
  cleanUp = async () => rmSync(dataDir, { recursive: true, force: true });
}

// E2E_WEB_DIST serves another build of the web app (side runs beside a build in web/dist).
const webDist = process.env.E2E_WEB_DIST ? pathToFileURL(path.resolve(process.env.E2E_WEB_DIST) + path.sep) : undefined;
const running = await start(loadConfig(env), createLogger('warn'), { webDist });
console.log(`e2e server ready at ${running.url}`);

// Playwright kills the server 15 s after its SIGTERM: a stop held up past that (the worker lets running jobs finish)
// or one that fails must not leave the database behind. So the stop gets 10 s and the database is dropped however it
// ended (DROP … WITH (FORCE) ends what is still connected); what goes wrong is said on stderr.
const STOP_WITHIN_MS = 10_000;
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  try {
    const stopped = running.stop().then(
      () => true,
      (error: unknown) => {
        console.error('e2e server: its stop failed', error);
        return true;
      },
    );
    if (!(await Promise.race([stopped, delay(STOP_WITHIN_MS, false)])))
      console.error(`e2e server: not stopped within ${STOP_WITHIN_MS} ms; its data is dropped all the same`);
    await cleanUp().catch((error: unknown) => console.error('e2e server: its data could not be removed', error));
  } finally {
    process.exit(0);
  }
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
