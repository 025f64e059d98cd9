import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../src/db/embeddedPostgres.ts';

const run = promisify(execFile);

const POSTGRES_BINARIES = ['initdb', 'pg_ctl', 'pg_basebackup'];

/** The newest PostgreSQL 15+ of Debian's packages (/usr/lib/postgresql/<version>/bin), or POSTGRES_BIN_DIR. */
function binDir(): string | null {
  if (process.env.POSTGRES_BIN_DIR) return process.env.POSTGRES_BIN_DIR;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .map(Number)
    .filter((version) => version >= 15)
    .sort((a, b) => b - a);
  return versions.length > 0 ? path.join(root, String(versions[0]), 'bin') : null;
}

/** What this machine lacks to start a primary and a streaming replica, in words; null: nothing. */
export function missingForReplication(): string | null {
  const dir = binDir();
  if (dir === null) return 'PostgreSQL 15+ server binaries (/usr/lib/postgresql/<version>/bin, or POSTGRES_BIN_DIR)';
  const missing = POSTGRES_BINARIES.filter((binary) => !existsSync(path.join(dir, binary)));
  return missing.length > 0 ? `${missing.join(', ')} in ${dir}` : null;
}

/** A primary and its streaming replica, started for a test, and what the test does to the replica. */
export type ReplicatedPostgres = {
  primaryUrl: string;
  replicaUrl: string;
  /** Stops (true) or resumes (false) replaying on the replica: it still receives the WAL, and falls behind. */
  pauseReplay(paused: boolean): Promise<void>;
  /** Stops the replica at once, as a crash would. */
  stopReplica(): Promise<void>;
  /** Stops both servers and deletes their files. */
  close(): Promise<void>;
};

// Settings for speed: nothing is flushed to disk (the files are thrown away), and the replica reports its position
// often, as the test reads it every 100 ms.
const SERVER_SETTINGS = ['fsync=off', 'full_page_writes=off', 'wal_receiver_status_interval=1', 'listen_addresses=127.0.0.1'];

/**
 * Starts a primary (wal_level=replica) with database `database` and a streaming replica made by pg_basebackup -R,
 * in a temporary folder, each on a free port. As root, the servers run as the `postgres` user (PostgreSQL refuses
 * root). `prepare` runs on the primary before the replica is copied from it (migrations: copied, not replayed).
 */
export async function startReplicatedPostgres(
  database: string,
  prepare: (primaryUrl: string) => Promise<void>,
): Promise<ReplicatedPostgres> {
  const bin = binDir()!;
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? 'postgres' : userInfo().username;
  const dir = mkdtempSync(path.join(tmpdir(), 'tidings-replication-'));
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout), Number(group));
  }
  const postgres = (binary: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, binary), ...args]) : run(path.join(bin, binary), args);
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const primaryDir = path.join(dir, 'primary');
  const replicaDir = path.join(dir, 'replica');
  const start = (dataDir: string, port: number) =>
    postgres('pg_ctl', [
      'start',
      '--wait',
      '--pgdata',
      dataDir,
      '--log',
      `${dataDir}.log`,
      '--options',
      [`-p ${port}`, `-k ${dir}`, ...SERVER_SETTINGS.map((setting) => `-c ${setting}`)].join(' '),
    ]);
  const stop = (dataDir: string) => postgres('pg_ctl', ['stop', '--wait', '--mode', 'immediate', '--pgdata', dataDir]).catch(() => {});
  const urlOf = (port: number) => `postgres://${user}@127.0.0.1:${port}/${database}`;

  const replicaSql = async (sql: string) => {
    const client = new pg.Client({ connectionString: urlOf(replicaPort) });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  try {
    await postgres('initdb', ['--pgdata', primaryDir, '--auth', 'trust', '--username', user, '--no-sync', '--no-instructions']);
    await start(primaryDir, primaryPort);
    const admin = new pg.Client({ connectionString: `postgres://${user}@127.0.0.1:${primaryPort}/postgres` });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(database)}`).finally(() => admin.end());
    await prepare(urlOf(primaryPort));
    await postgres('pg_basebackup', [
      `--host=127.0.0.1`,
      `--port=${primaryPort}`,
      `--username=${user}`,
      `--pgdata=${replicaDir}`,
      '--write-recovery-conf',
      '--checkpoint=fast',
      '--no-sync',
    ]);
    await start(replicaDir, replicaPort);
  } catch (error) {
    await stop(primaryDir);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  return {
    primaryUrl: urlOf(primaryPort),
    replicaUrl: urlOf(replicaPort),
    pauseReplay: (paused) => replicaSql(paused ? 'SELECT pg_wal_replay_pause()' : 'SELECT pg_wal_replay_resume()'),
    stopReplica: async () => {
      await stop(replicaDir);
    },
    close: async () => {
      await Promise.all([stop(replicaDir), stop(primaryDir)]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
