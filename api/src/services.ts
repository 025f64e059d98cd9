import type { Config } from './config.ts';
import { createPrisma } from './db/prisma.ts';
import type { Services } from './domain/services.ts';
import { jobQueue } from './jobs/queue.ts';
import type { Logger } from './logger.ts';
import { createEvents } from './realtime/events.ts';

/** The services of one process over the database at `databaseUrl`. */
export function createServices(config: Config, databaseUrl: string, log: Logger): Services {
  const events = createEvents(config.redisUrl ?? null, (error) => log.error({ err: error }, 'Redis pub/sub failed'));
  return { db: createPrisma(databaseUrl), config, log, events, jobs: jobQueue };
}
