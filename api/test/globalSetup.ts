import type { TestProject } from 'vitest/node';
import { createDatabaseIfMissing } from '../src/db/database.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { migrateJobQueue } from '../src/jobs/worker.ts';
import { createLogger } from '../src/logger.ts';
import { dropDatabase, openScratchServer } from './scratchServer.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server the tests use, without a database name. */
    databaseServerUrl: string;
    /** A migrated database that each test file clones (CREATE DATABASE … TEMPLATE). */
    templateDatabase: string;
  }
}

/**
 * Uses DATABASE_URL's server when set, else starts an embedded PostgreSQL, and migrates one template
 * database for this run; test files clone it, so each starts from a clean, migrated database.
 */
export default async function setup(project: TestProject) {
  const log = createLogger('warn');
  const { serverUrl, close } = await openScratchServer(log);
  const template = `tidings_template_${process.pid}`;
  await dropDatabase(serverUrl, template);
  await createDatabaseIfMissing(serverUrl, template);
  await migrateDatabase(`${serverUrl}/${template}`, log);
  await migrateJobQueue(`${serverUrl}/${template}`);
  project.provide('databaseServerUrl', serverUrl);
  project.provide('templateDatabase', template);

  return async () => {
    await dropDatabase(serverUrl, template);
    await close();
  };
}
