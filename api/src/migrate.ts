import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateDatabase } from './db/migrate.ts';
import { migrateJobQueue } from './jobs/worker.ts';
import { createLogger } from './logger.ts';

// `npm run migrate`: applies pending migrations and exits (start-up does the same on its own).
const config = loadConfig();
const log = createLogger(config.logLevel);
const database = await openDatabase(config, log);
const applied = await migrateDatabase(database.url, log);
await migrateJobQueue(database.url);
log.info(applied.length ? `applied ${applied.join(', ')}` : 'database is up to date');
await database.close();
