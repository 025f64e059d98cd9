import { existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { DEFAULT_DATA_DIR, type Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { startEmbeddedPostgres } from './embeddedPostgres.ts';

/** The database this process uses, and how to let go of it at shutdown. */
export type DatabaseHandle = { url: string; close: () => Promise<void> };

const EMBEDDED_DATABASE = 'tidings';

/** `DATABASE_URL` when set; otherwise the embedded PostgreSQL in `DATA_DIR`, with its database created on first use. */
export async function openDatabase(config: Config, log: Logger): Promise<DatabaseHandle> {
  if (config.databaseUrl) return { url: config.databaseUrl, close: async () => {} };
  if (config.dataDir === DEFAULT_DATA_DIR) adoptDataFromApiFolder(log);
  const server = await startEmbeddedPostgres(config.dataDir, log);
  await createDatabaseIfMissing(server.baseUrl, EMBEDDED_DATABASE);
  return { url: `${server.baseUrl}/${EMBEDDED_DATABASE}`, close: server.stop };
}

/**
 * Earlier versions started the server from api/, so the default data/ ended up in api/data/. The first default
 * start without a data/ at the root moves it there; when both exist, the root one is used and the other is named.
 */
function adoptDataFromApiFolder(log: Logger): void {
  const old = path.join(path.dirname(DEFAULT_DATA_DIR), 'api', 'data');
  if (!existsSync(old)) return;
  if (existsSync(DEFAULT_DATA_DIR)) {
    log.warn({ unused: old, used: DEFAULT_DATA_DIR }, `${old} is no longer used: the data is in ${DEFAULT_DATA_DIR}`);
    return;
  }
  renameSync(old, DEFAULT_DATA_DIR);
  log.info({ from: old, to: DEFAULT_DATA_DIR }, `Moved the embedded database from ${old} to ${DEFAULT_DATA_DIR}`);
}

/** Creates database `name` on the server at `serverUrl` unless it exists. */
export async function createDatabaseIfMissing(serverUrl: string, name: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) {
      const from = template ? ` TEMPLATE ${pg.escapeIdentifier(template)}` : '';
      await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}${from}`);
    }
  } finally {
    await client.end();
  }
}
