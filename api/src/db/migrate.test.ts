import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { dropDatabase } from '../../test/scratchServer.ts';
import { createLogger } from '../logger.ts';
import { createDatabaseIfMissing } from './database.ts';
import { migrateDatabase } from './migrate.ts';
import { afterCaller } from '../../test/cleanup.ts';

describe('migrateDatabase', () => {
  it('lets replicas that start together migrate one at a time: all succeed, each migration runs once', async () => {
    const serverUrl = inject('databaseServerUrl');
    const name = `tidings_migrate_${randomBytes(4).toString('hex')}`;
    await createDatabaseIfMissing(serverUrl, name);
    afterCaller(() => dropDatabase(serverUrl, name));
    const url = `${serverUrl}/${name}`;
    const log = createLogger('silent');

    const results = await Promise.all([migrateDatabase(url, log), migrateDatabase(url, log), migrateDatabase(url, log)]);

    expect(results.flat()).toEqual(results.find((applied) => applied.length > 0));
    expect(results.filter((applied) => applied.length > 0)).toHaveLength(1);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query('SELECT count(*)::int AS n FROM pgmigrations');
    await client.end();
    expect(rows[0].n).toBe(results.flat().length);
    expect(await migrateDatabase(url, log)).toEqual([]);
  });
});
