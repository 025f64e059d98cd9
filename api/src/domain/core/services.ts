import type { Config } from '../../config.ts';
import type { PrismaClient } from '../../db/prisma.ts';
import type { ReadReplicas } from '../../db/readReplicas.ts';
import type { Logger } from '../../logger.ts';
import type { Events } from '../../realtime/events.ts';
import type { JobQueue } from './jobQueue.ts';

/** What every domain function may use: the database, the configuration, the event bus and the job queue. */
export type Services = Readonly<{
  db: PrismaClient;
  /**
   * The same database over connections that plan each statement once (generic plans), for the hot reads whose
   * best plan does not depend on their values: every request's session lookup, the first page of an article
   * list (but a search), article views. Outside any transaction: it does not see what one has not committed.
   */
  genericPlanDb: PrismaClient;
  /**
   * For the reads that tolerate a few seconds of lag, and only those: the reading screens' article lists, counts,
   * article views and unread counts. A request that only reads, of a viewer whose last write a current replica has
   * replayed, has a replica's client here (DATABASE_REPLICA_URLS, see context.ts); everything else the primary's
   * (`db`). Never for a read that decides a write, nor inside a transaction.
   */
  readDb: PrismaClient;
  /** `genericPlanDb`'s counterpart of `readDb`. */
  genericPlanReadDb: PrismaClient;
  /** The replicas of DATABASE_REPLICA_URLS, which requests choose from; null without any. */
  readReplicas: ReadReplicas | null;
  config: Config;
  log: Logger;
  events: Events;
  jobs: JobQueue;
}>;

/** What a personal API token may do: all a token may (`full`), or only the bookmarklet's page actions (access.ts). */
export type ApiTokenScope = 'full' | 'bookmarklet';

/**
 * What the viewer signed in with: a session of the app (every right of the account) or a personal API token (reader
 * apps, the browser extension, the bookmarklet: never the account itself; see access.ts).
 */
export type Credential = Readonly<{ kind: 'session'; id: string } | { kind: 'apiToken'; id: string; scope: ApiTokenScope }>;

/** The signed-in user on whose behalf a domain function acts. */
export type Viewer = Readonly<{
  id: string;
  username: string;
  role: 'user' | 'admin';
  credential: Credential;
}>;
