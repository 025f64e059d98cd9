import pg from 'pg';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { startEmbeddedPostgres } from './embeddedPostgres.ts';

/** The database this process uses, and how to let go of it at shutdown. */
export type DatabaseHandle = { url: string; close: () => Promise<void> };

const EMBEDDED_DATABASE = 'tidings';

/** `DATABASE_URL` when set; otherwise the embedded PostgreSQL in `DATA_DIR`, with its database created on first use. */
export async function openDatabase(config: Config, log: Logger): Promise<DatabaseHandle> {
  if (config.databaseUrl) return { url: config.databaseUrl, close: async () => {} };
  const server = await startEmbeddedPostgres(config.dataDir, log);
  await createDatabaseIfMissing(server.baseUrl, EMBEDDED_DATABASE);
  return { url: `${server.baseUrl}/${EMBEDDED_DATABASE}`, close: server.stop };
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
