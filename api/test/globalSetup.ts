import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabaseIfMissing } from '../src/db/database.ts';
import { startEmbeddedPostgres } from '../src/db/embeddedPostgres.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { migrateJobQueue } from '../src/jobs/worker.ts';
import { createLogger } from '../src/logger.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server the tests use, without a database name. */
    databaseServerUrl: string;
    /** A migrated database that each test file clones (CREATE DATABASE … TEMPLATE). */
    templateDatabase: string;
  }
}

/** The server part of a PostgreSQL URL: everything but the database name. */
export function serverUrlOf(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.pathname = '';
  return url.toString().replace(/\/$/, '');
}

/**
 * Uses DATABASE_URL's server when set, else starts an embedded PostgreSQL, and migrates one template
 * database for this run; test files clone it, so each starts from a clean, migrated database.
 */
export default async function setup(project: TestProject) {
  const log = createLogger('warn');
  let stopServer = async () => {};
  let serverUrl: string;
  if (process.env.DATABASE_URL) {
    serverUrl = serverUrlOf(process.env.DATABASE_URL);
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'tidings-test-pg-'));
    const server = await startEmbeddedPostgres(dir, log, false);
    serverUrl = server.baseUrl;
    stopServer = async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const template = `tidings_template_${process.pid}`;
  await dropDatabase(serverUrl, template);
  await createDatabaseIfMissing(serverUrl, template);
  await migrateDatabase(`${serverUrl}/${template}`, log);
  await migrateJobQueue(`${serverUrl}/${template}`);
  project.provide('databaseServerUrl', serverUrl);
  project.provide('templateDatabase', template);

  return async () => {
    await dropDatabase(serverUrl, template);
    await stopServer();
  };
}

/** Drops a database, closing its connections first. */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
