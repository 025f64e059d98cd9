import type { Config } from './config.ts';
import { createPrisma } from './db/prisma.ts';
import { createReadReplicas } from './db/readReplicas.ts';
import type { Services } from './domain/core/services.ts';
import { jobQueue } from './jobs/queue.ts';
import type { Logger } from './logger.ts';
import { createEvents } from './realtime/events.ts';

// Its connections open as they are needed: the worker, which serves no requests, opens few or none. Five keep an
// API process at 15 connections and a worker at 30 (its job queue's 10 and its fetches' 10 besides: jobs/worker.ts),
// so four API replicas and a worker stay under PostgreSQL's default max_connections (100); each read replica of
// DATABASE_REPLICA_URLS takes as many from each API process.
const GENERIC_PLAN_CONNECTIONS = 5;

/** The services of one process over the database at `databaseUrl`. */
export function createServices(config: Config, databaseUrl: string, log: Logger): Services {
  const events = createEvents(config.redisUrl ?? null, (error) => log.error({ err: error }, 'Redis pub/sub failed'));
  const db = createPrisma(databaseUrl);
  const genericPlanDb = createPrisma(databaseUrl, GENERIC_PLAN_CONNECTIONS, { genericPlans: true });
  const readReplicas =
    config.databaseReplicaUrls.length === 0
      ? null
      : createReadReplicas(config.databaseReplicaUrls, db, {
          log,
          redisUrl: config.redisUrl ?? null,
          genericPlanConnections: GENERIC_PLAN_CONNECTIONS,
        });
  return {
    db,
    genericPlanDb,
    readDb: db,
    genericPlanReadDb: genericPlanDb,
    readReplicas,
    config,
    log,
    events,
    jobs: jobQueue,
  };
}

/** Closes what `createServices` opened: the event bus, the read replicas and both connection pools. */
export async function closeServices(services: Services): Promise<void> {
  await services.events.close();
  await services.readReplicas?.close();
  await Promise.all([services.db.$disconnect(), services.genericPlanDb.$disconnect()]);
}
