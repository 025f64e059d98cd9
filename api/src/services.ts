import type { Config } from './config.ts';
import { createPrisma } from './db/prisma.ts';
import type { Services } from './domain/core/services.ts';
import { jobQueue } from './jobs/queue.ts';
import type { Logger } from './logger.ts';
import { createEvents } from './realtime/events.ts';

// Its connections open as they are needed: the worker, which serves no requests, opens few or none. Five keep a
// process at 15 connections, so four replicas and a worker stay under PostgreSQL's default max_connections (100).
const GENERIC_PLAN_CONNECTIONS = 5;

/** The services of one process over the database at `databaseUrl`. */
export function createServices(config: Config, databaseUrl: string, log: Logger): Services {
  const events = createEvents(config.redisUrl ?? null, (error) => log.error({ err: error }, 'Redis pub/sub failed'));
  return {
    db: createPrisma(databaseUrl),
    genericPlanDb: createPrisma(databaseUrl, GENERIC_PLAN_CONNECTIONS, { genericPlans: true }),
    config,
    log,
    events,
    jobs: jobQueue,
  };
}

/** Closes what `createServices` opened: the event bus and both connection pools. */
export async function closeServices(services: Services): Promise<void> {
  await services.events.close();
  await Promise.all([services.db.$disconnect(), services.genericPlanDb.$disconnect()]);
}
