import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateDatabase } from './db/migrate.ts';
import { migrateJobQueue, startWorker } from './jobs/worker.ts';
import { createLogger } from './logger.ts';
import { closeServices, createServices } from './services.ts';

// A worker-only process (`npm run worker`) for deployments that run API replicas with WORKER=off.
const config = loadConfig();
const log = createLogger(config.logLevel);
const database = await openDatabase(config, log);
await migrateDatabase(database.url, log);
await migrateJobQueue(database.url);
const services = createServices(config, database.url, log);
const runner = await startWorker(services, database.url);
const stop = async () => {
  await runner.stop();
  await closeServices(services);
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
