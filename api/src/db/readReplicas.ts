import type { Logger } from '../logger.ts';
import { createPrisma, type PrismaClient } from './prisma.ts';
import { createRecentWrites, type RecentWrites } from './recentWrites.ts';
import { ReplicaSet, walPosition, type ReplicaSetOptions, type WalPosition } from './replicaSet.ts';

/** The clients of the reads that tolerate lag (the reading screens): a replica's, or the primary's. */
export type ReadClients = Readonly<{ db: PrismaClient; genericPlanDb: PrismaClient }>;

/** DATABASE_REPLICA_URLS in use: which replica a request reads from, and whose writes it must see. */
export type ReadReplicas = {
  /**
   * The replica a request of `viewerId` (null: signed out) reads from, or null for the primary: a current replica,
   * in turn, that has replayed the viewer's last write.
   */
  clientsFor(viewerId: string | null): Promise<ReadClients | null>;
  /** Notes, after a request of `viewerId` wrote, how far the primary's WAL reaches: the viewer's reads wait for it. */
  recordWrite(viewerId: string): Promise<void>;
  close(): Promise<void>;
};

// Checked each second, a healthy replica under steady writes counts as one to two seconds behind; five seconds
// leave room for a burst (a large import) before readers fall back to the primary.
const DEFAULTS: Pick<ReplicaSetOptions, 'checkIntervalMs' | 'maxLagMs'> = { checkIntervalMs: 1_000, maxLagMs: 5_000 };

export type ReadReplicaOptions = {
  log: Logger;
  redisUrl: string | null;
  /** Connections of each replica's generic-plan pool (services.ts). */
  genericPlanConnections: number;
} & Partial<Pick<ReplicaSetOptions, 'checkIntervalMs' | 'maxLagMs'>>;

async function primaryPosition(db: PrismaClient): Promise<WalPosition> {
  const [row] = await db.$queryRaw<[{ lsn: string }]>`SELECT pg_current_wal_lsn()::text AS lsn`;
  return walPosition(row.lsn);
}

/** Null on a server that is not a standby. */
async function replayedPosition(db: PrismaClient): Promise<WalPosition | null> {
  const [row] = await db.$queryRaw<[{ lsn: string | null }]>`SELECT pg_last_wal_replay_lsn()::text AS lsn`;
  return row.lsn === null ? null : walPosition(row.lsn);
}

/**
 * The replicas at `urls` behind `primary`. A write's own position is read with pg_current_wal_lsn(), which covers
 * every commit that has returned (commits wait for their WAL to be flushed: synchronous_commit is on).
 */
export function createReadReplicas(urls: readonly string[], primary: PrismaClient, options: ReadReplicaOptions): ReadReplicas {
  const { log } = options;
  const clients = urls.map((url) => ({
    db: createPrisma(url),
    genericPlanDb: createPrisma(url, options.genericPlanConnections, { genericPlans: true }),
  }));
  const replicas = new ReplicaSet<ReadClients>(
    () => primaryPosition(primary),
    clients.map((replica) => ({ clients: replica, replayed: () => replayedPosition(replica.db) })),
    {
      checkIntervalMs: options.checkIntervalMs ?? DEFAULTS.checkIntervalMs,
      maxLagMs: options.maxLagMs ?? DEFAULTS.maxLagMs,
      onReplicaChange: (index, problem) =>
        problem
          ? log.warn({ err: problem, replica: index + 1 }, 'A read replica is skipped: its reads go to the primary')
          : log.info({ replica: index + 1 }, 'A read replica is back in use'),
    },
  );
  const writes: RecentWrites = createRecentWrites(options.redisUrl, (error) =>
    log.error({ err: error }, 'Redis failed: readers who wrote recently cannot be told apart, so every reader reads the primary'),
  );
  return {
    clientsFor: async (viewerId) => {
      if (viewerId === null) return replicas.pick();
      try {
        return replicas.pick(await writes.lastWrite(viewerId));
      } catch {
        return null; // Unknown whether the viewer just wrote: the primary has it in any case.
      }
    },
    recordWrite: async (viewerId) => {
      try {
        await writes.record(viewerId, await primaryPosition(primary));
      } catch (error) {
        log.warn({ err: error }, "A write's position could not be noted: its writer may read older data for a few seconds");
      }
    },
    close: async () => {
      replicas.close();
      await writes.close();
      await Promise.all(clients.flatMap((replica) => [replica.db.$disconnect(), replica.genericPlanDb.$disconnect()]));
    },
  };
}
