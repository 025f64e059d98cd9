import { loadConfig, type Config } from '../src/config.ts';
import { createPrisma, type PrismaClient } from '../src/db/prisma.ts';
import type { Services } from '../src/domain/core/services.ts';
import { jobQueue } from '../src/jobs/queue.ts';
import { createLogger } from '../src/logger.ts';
import { createEvents } from '../src/realtime/events.ts';
import { createTestDatabase } from './database.ts';
import { afterCaller } from './cleanup.ts';

/** The configuration tests run with; `overrides` are environment variables. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ PUBLIC_URL: 'http://tidings.test', LOG_LEVEL: 'silent', WORKER: 'off', ...overrides });
}

/** Services over `db` (and `genericPlanDb`, the same client unless given) with an in-process event bus. */
export function servicesOver(config: Config, db: PrismaClient, genericPlanDb: PrismaClient = db): Services {
  return {
    db,
    genericPlanDb,
    readDb: db,
    genericPlanReadDb: genericPlanDb,
    readReplicas: null,
    config,
    log: createLogger(config.logLevel),
    events: createEvents(),
    jobs: jobQueue,
  };
}

/** Services over a fresh database of the calling test file, with a small pool unless told (production: 10). */
export async function createTestServices(
  overrides: Record<string, string> = {},
  connections = 4,
): Promise<Services & { databaseUrl: string }> {
  const databaseUrl = await createTestDatabase();
  const config = testConfig(overrides);
  const db = createPrisma(databaseUrl, connections);
  const genericPlanDb = createPrisma(databaseUrl, 2, { genericPlans: true });
  afterCaller(() => Promise.all([db.$disconnect(), genericPlanDb.$disconnect()]));
  return { ...servicesOver(config, db, genericPlanDb), databaseUrl };
}
