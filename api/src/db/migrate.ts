import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { runner } from 'node-pg-migrate';
import type { Logger } from '../logger.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../prisma/migrations', import.meta.url));

// Any constant works; it only has to be the same in every Tidings process.
const MIGRATION_LOCK_ID = 7_014_552_331;

/**
 * Applies the pending SQL migrations of prisma/migrations. Safe when several replicas start at once:
 * they queue on a PostgreSQL advisory lock, and each applies only what is still pending when it gets it.
 */
export async function migrateDatabase(databaseUrl: string, log: Logger): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    const applied = await runner({
      dbClient: client,
      dir: MIGRATIONS_DIR,
      direction: 'up',
      migrationsTable: 'pgmigrations',
      noLock: true,
      singleTransaction: true,
      checkOrder: true,
      log: () => {},
      logger: { debug: () => {}, info: () => {}, warn: (m: string) => log.warn(m), error: (m: string) => log.error(m) },
    });
    if (applied.length > 0) log.info({ migrations: applied.map((m) => m.name) }, 'database migrated');
    return applied.map((m) => m.name);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
}
