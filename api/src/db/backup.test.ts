import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createLogger } from '../logger.ts';
import { createDatabaseIfMissing } from './database.ts';
import { migrateDatabase } from './migrate.ts';
import { createPrisma } from './prisma.ts';
import { dropDatabase, serverUrlOf } from '../../test/scratchServer.ts';
import { httpClients, signUp } from '../../test/server.ts';
import { createTestServices, servicesOver, testConfig } from '../../test/services.ts';
import { afterCaller } from '../../test/cleanup.ts';

/** The major version of the pg_dump on the PATH, or null when there is none. */
function pgDumpMajor(): number | null {
  const probe = spawnSync('pg_dump', ['--version'], { encoding: 'utf8' });
  return probe.status === 0 ? Number(/(\d+)\.\d+/.exec(probe.stdout)?.[1]) : null;
}

async function serverMajor(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version_num: string }>('SHOW server_version_num');
    return Math.floor(Number(rows[0]!.server_version_num) / 10_000);
  } finally {
    await client.end();
  }
}

// The README's "Backup and restore", run: a dump of a database in use, restored into a new one, serves the same data.
describe('backup and restore with pg_dump and pg_restore', async () => {
  const services = await createTestServices();
  const dumpMajor = pgDumpMajor();
  const databaseMajor = await serverMajor(services.databaseUrl);
  // pg_dump refuses servers newer than itself (the embedded PostgreSQL is newer than most distributions' client tools).
  const skipReason =
    dumpMajor === null
      ? 'pg_dump is not installed'
      : dumpMajor < databaseMajor
        ? `pg_dump ${dumpMajor} cannot dump PostgreSQL ${databaseMajor}`
        : null;

  it.skipIf(skipReason !== null)(
    `restores a dump into a fresh database that the app starts on${skipReason ? ` (skipped: ${skipReason})` : ''}`,
    async () => {
      const ada = await signUp(services);
      await services.db.folder.create({ data: { userId: ada.user.id, name: 'Kept across the restore' } });

      const dir = mkdtempSync(path.join(tmpdir(), 'tidings-backup-'));
      const serverUrl = serverUrlOf(services.databaseUrl);
      const restoredName = `tidings_restored_${process.pid}_${Date.now().toString(36)}`;
      afterCaller(async () => {
        rmSync(dir, { recursive: true, force: true });
        await dropDatabase(serverUrl, restoredName);
      });
      const dump = path.join(dir, 'tidings.dump');
      execFileSync('pg_dump', ['--format=custom', `--file=${dump}`, `--dbname=${services.databaseUrl}`]);
      await createDatabaseIfMissing(serverUrl, restoredName);
      const restoredUrl = `${serverUrl}/${restoredName}`;
      execFileSync('pg_restore', ['--no-owner', '--single-transaction', `--dbname=${restoredUrl}`, dump]);

      // Starting on it as a deployment would: nothing left to migrate, and the same sessions and data answer.
      const config = testConfig();
      const log = createLogger(config.logLevel);
      expect(await migrateDatabase(restoredUrl, log)).toEqual([]);
      const db = createPrisma(restoredUrl, 2);
      const app = await buildApp({
        services: servicesOver(config, db),
        webDist: null,
      });
      try {
        await app.listen({ port: 0, host: '127.0.0.1' });
        const { rest } = httpClients(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
        const folders = await rest('GET', '/folders', { token: ada.token });
        expect(folders.status).toBe(200);
        expect(JSON.stringify(folders.body)).toContain('Kept across the restore');
      } finally {
        await app.close();
        await db.$disconnect();
      }
    },
  );
});
