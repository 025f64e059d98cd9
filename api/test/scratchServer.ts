import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabaseIfMissing } from '../src/db/database.ts';
import { startEmbeddedPostgres } from '../src/db/embeddedPostgres.ts';
import type { Logger } from '../src/logger.ts';

/** A PostgreSQL server to create throwaway databases on (tests, end-to-end runs, benchmarks). */
export type ScratchServer = { serverUrl: string; close: () => Promise<void> };

/** DATABASE_URL's server when set; otherwise a temporary embedded PostgreSQL, deleted again by close(). */
export async function openScratchServer(log: Logger, databaseUrl = process.env.DATABASE_URL): Promise<ScratchServer> {
  if (databaseUrl) return { serverUrl: serverUrlOf(databaseUrl), close: async () => {} };
  const dir = mkdtempSync(path.join(tmpdir(), 'tidings-pg-'));
  const server = await startEmbeddedPostgres(dir, log, false);
  return {
    serverUrl: server.baseUrl,
    close: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The server part of a PostgreSQL URL, to which callers add a database's name: without the name and the options after it. */
export function serverUrlOf(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.pathname = '';
  url.search = '';
  return url.toString().replace(/\/$/, '');
}

/**
 * Creates a throwaway database (a copy of `template` when given) whose commits do not wait for the disk: nothing in it
 * has to survive a crash, and the tests commit thousands of times (100 files of the API's tests: 117 s against 122
 * and 127). A database's own settings are not copied with it, so each copy is set anew.
 */
export async function createScratchDatabase(serverUrl: string, name: string, template?: string): Promise<void> {
  await createDatabaseIfMissing(serverUrl, name, template);
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    await client.query(`ALTER DATABASE ${pg.escapeIdentifier(name)} SET synchronous_commit = off`);
  } finally {
    await client.end();
  }
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
