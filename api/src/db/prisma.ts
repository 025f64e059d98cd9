import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.ts';
import { statementName } from './statementNames.ts';
import { asPrismaConnectionError } from './unavailable.ts';

import type { Prisma } from '../generated/prisma/client.ts';

export { PrismaClient };
export type { Prisma };

/** A client that can run SQL: the Prisma client itself or an interactive transaction. */
export type SqlClient = Pick<Prisma.TransactionClient, '$executeRaw'>;

// Tidings' statements are short index reads; PostgreSQL's JIT compiles any whose estimated cost passes
// jit_above_cost, and compiling (25–35 ms) then costs more than the statement itself. docs/performance.md
export const SESSION_OPTIONS = '-c jit=off';

// A database host that is down without refusing (no answer at all) must not hold requests: after this long waiting
// for a connection, the request fails, and is answered 503 like a refused connection.
const CONNECT_TIMEOUT_MS = 5_000;

const GENERIC_PLAN_IDLE_MS = 10 * 60_000;

// A generic plan is made without the statement's values, so its estimates are the planner's defaults: at 10 M
// articles it put a rare word's matches at 50,000 rows and gathered them from parallel workers, 50–56 ms where the
// same scan in its own process takes 8 (docs/performance.md). The pool's statements are pages of a list, each a short
// read that a worker's start alone outlasts: they never run in parallel.
const GENERIC_PLAN_SESSION = '-c plan_cache_mode=force_generic_plan -c max_parallel_workers_per_gather=0';

/**
 * How far ahead a bitmap heap scan (a search's matches, a count) asks the kernel for the pages it will read: at
 * PostgreSQL's default before version 18, one page, so a page of rows not yet cached waits for each read in turn. 150
 * rows on random pages of a cold table took 22–33 ms at 1, 7–11 at 16 and 6.5–9 at 64 (docs/performance.md,
 * "PostgreSQL settings"); PostgreSQL 18 defaults to 16. Raised for Tidings' sessions only where the server keeps the old
 * default: a server tuned otherwise keeps its value, and one that cannot read ahead (0 on platforms without
 * posix_fadvise) is left alone. One short statement per new connection, before it serves any other.
 */
const READ_AHEAD_SESSION = `SELECT CASE WHEN current_setting('effective_io_concurrency') = '1'
  THEN set_config('effective_io_concurrency', '32', false) END`;

export type PrismaOptions = {
  /**
   * Plan each statement once per connection (plan_cache_mode force_generic_plan), for statements whose best plan
   * does not depend on their values. Otherwise every call is planned for its values (force_custom_plan), as an
   * unnamed statement would be: left to choose (auto), PostgreSQL keeps a generic plan once its estimate is no
   * higher than the custom plans', which it misjudged for the lists' deeper pages; and it would never choose one
   * over UnreadArticle's partitions, estimated as if it read all of them. docs/performance.md
   */
  genericPlans?: boolean;
};

const pools = new WeakMap<PrismaClient, pg.Pool>();

/**
 * The node-postgres pool under a client of createPrisma, for what Prisma carries badly: a large `bytea` crosses
 * Prisma's client as base64 and several copies (a 19 MB file peaked at +172 MB to write and +71 MB to read), where
 * node-postgres sends a Buffer as it is. Its connections are the client's own (same limit, same session options);
 * the client's $disconnect ends it.
 */
export function poolOf(db: PrismaClient): pg.Pool {
  const pool = pools.get(db);
  if (!pool) throw new Error('poolOf: not a client made by createPrisma');
  return pool;
}

/**
 * Runs `sql` and answers its rows. On a client of createPrisma it goes through the client's node-postgres pool, as a
 * statement named as Prisma's are: Prisma carries a raw statement's values through JSON and back, which for a feed's
 * articles of 2 KB each (stringify, parse and their garbage) was a sixth of the feed worker's CPU storing them
 * (docs/benchmarks.md, "Ingest cost"), where node-postgres sends them as they are. Inside an interactive
 * transaction, which has no pool of its own, it goes through Prisma, so that it stays in the transaction. Both read
 * int, text, uuid, boolean, timestamptz and json columns and their arrays alike; node-postgres reads bigint and
 * numeric as strings where Prisma makes BigInt and Decimal: cast those in the statement. An unreachable database is
 * said as Prisma says it (P1001), so that a request answers 503 either way.
 *
 * `planEachCall` sends it unnamed, so that it is planned for the tables as they are at every call: for a statement
 * whose plan made on an empty table (a new instance's first minute, before autovacuum first analyzes it) reads that
 * table whole, and would keep doing so on a connection that plans once as the table grows.
 */
export async function queryRows<T>(
  db: Pick<PrismaClient, '$queryRaw'>,
  sql: Prisma.Sql,
  { planEachCall = false }: { planEachCall?: boolean } = {},
): Promise<T[]> {
  const pool = pools.get(db as PrismaClient);
  if (!pool) return db.$queryRaw<T[]>(sql);
  const text = sql.text;
  const name = planEachCall ? undefined : statementName(text, sql.values.length);
  try {
    const result = await pool.query<T & pg.QueryResultRow>({ text, values: sql.values, name });
    return result.rows;
  } catch (error) {
    throw asPrismaConnectionError(error);
  }
}

/** A Prisma client over its own connection pool to `databaseUrl`. */
export function createPrisma(databaseUrl: string, maxConnections = 10, options: PrismaOptions = {}): PrismaClient {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: maxConnections,
    options: `${SESSION_OPTIONS} ${options.genericPlans ? GENERIC_PLAN_SESSION : '-c plan_cache_mode=force_custom_plan'}`,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Run on each new connection before it serves a query; a connection that fails it is not used.
    onConnect: async (connection) => {
      await connection.query(READ_AHEAD_SESSION);
    },
    // A new connection plans each statement again, and a generic plan over every partition costs 5–10 ms to
    // make: these connections stay open through pauses in traffic (pg's default closes them after 10 s),
    // without keeping a process alive that has nothing else to do.
    ...(options.genericPlans ? { idleTimeoutMillis: GENERIC_PLAN_IDLE_MS, allowExitOnIdle: true } : {}),
  });
  // An idle connection the server drops is an 'error' on the pool, which would end the process with no listener
  // (the adapter adds its own only once Prisma connects): the pool has already let that connection go.
  pool.on('error', () => {});
  const client = new PrismaClient({
    adapter: new PrismaPg(pool, {
      // The adapter's type asks for a name; undefined sends the statement unnamed, as pg allows.
      statementNameGenerator: (query) => statementName(query.sql, query.args.length) as string,
      disposeExternalPool: true,
    }),
  });
  pools.set(client, pool);
  return client;
}
