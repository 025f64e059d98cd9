import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { Prisma } from '../generated/prisma/client.ts';
import { FOREIGN_KEY_CHECKS_PLANNED_ONCE } from './foreignKeyChecks.ts';
import { createPrisma, type PrismaClient, queryRows } from './prisma.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

async function withClient(options: Parameters<typeof createPrisma>[2], use: (db: PrismaClient) => Promise<void>) {
  const db = createPrisma(`${inject('databaseServerUrl')}/postgres`, 1, options);
  try {
    await use(db);
  } finally {
    await db.$disconnect();
  }
}

/** The statements prepared on the client's one connection whose text contains `marker`, with how each was planned. */
async function prepared(db: PrismaClient, marker: string) {
  return db.$queryRaw<{ generic: number; custom: number }[]>`
    SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements
    WHERE statement LIKE '%' || ${marker} || '%' AND statement NOT LIKE '%pg_prepared_statements%'`;
}

describe('createPrisma', () => {
  it("opens sessions without JIT compilation, whatever the server's setting", async () => {
    await withClient({}, async (db) => {
      expect(await db.$queryRaw`SELECT current_setting('jit') AS jit`).toEqual([{ jit: 'off' }]);
    });
  });

  it('prepares a statement once per connection and plans every call for its values', async () => {
    await withClient({}, async (db) => {
      // PostgreSQL's own choice (auto) would switch to a generic plan after the fifth call.
      for (let n = 1; n <= 7; n++) await db.$queryRaw`SELECT 'default plans' AS marker, ${n}::int AS n`;
      expect(await prepared(db, 'default plans')).toEqual([{ generic: 0, custom: 7 }]);
    });
  });

  it('plans each statement once with genericPlans, and never in parallel', async () => {
    const parallel = (db: PrismaClient) => db.$queryRaw`SELECT current_setting('max_parallel_workers_per_gather') AS workers`;
    await withClient({ genericPlans: true }, async (db) => {
      for (const n of [1, 2, 3]) await db.$queryRaw`SELECT 'generic plans' AS marker, ${n}::int AS n`;
      expect(await prepared(db, 'generic plans')).toEqual([{ generic: 3, custom: 0 }]);
      expect(await parallel(db)).toEqual([{ workers: '0' }]);
    });
    // Custom plans keep the server's setting.
    await withClient({}, async (db) => expect(await parallel(db)).not.toEqual([{ workers: '0' }]));
  });

  it("reads pages ahead where the server keeps PostgreSQL's old default, and keeps any other setting", async () => {
    const readAhead = (db: PrismaClient) => db.$queryRaw<{ pages: string }[]>`SELECT current_setting('effective_io_concurrency') AS pages`;
    const url = await createTestDatabase();
    const server = new pg.Client({ connectionString: url });
    await server.connect();
    try {
      const { rows } = await server.query<{ pages: string }>(`SELECT current_setting('effective_io_concurrency') AS pages`);
      // A server without posix_fadvise must keep 0; elsewhere PostgreSQL before 18 starts at 1.
      const expected = rows[0]!.pages === '1' ? '32' : rows[0]!.pages;
      for (const options of [{}, { genericPlans: true }]) {
        const db = createPrisma(url, 1, options);
        try {
          expect(await readAhead(db)).toEqual([{ pages: expected }]);
          expect(await queryRows(db, Prisma.sql`SELECT current_setting('effective_io_concurrency') AS pages`)).toEqual([
            { pages: expected },
          ]);
        } finally {
          await db.$disconnect();
        }
      }
      if (rows[0]!.pages !== '1') return;
      await server.query(`ALTER DATABASE "${new URL(url).pathname.slice(1)}" SET effective_io_concurrency = 8`);
      const tuned = createPrisma(url, 1);
      try {
        expect(await readAhead(tuned)).toEqual([{ pages: '8' }]);
      } finally {
        await tuned.$disconnect();
      }
    } finally {
      await server.end();
    }
  });

  /** A statement adding up `count` values, each its own parameter (the marker in its text). */
  const sumOf = (marker: string, count: number) =>
    Prisma.sql`SELECT ${Prisma.raw(`'${marker}'`)} AS marker, ${Prisma.join(
      Array.from({ length: count }, (_, i) => Prisma.sql`${i}::int`),
      ' + ',
    )} AS total`;

  it('sends a statement of many values unnamed, so lists of every length are not each kept prepared', async () => {
    await withClient({}, async (db) => {
      await db.$queryRaw(sumOf('many values', 33));
      expect(await prepared(db, 'many values')).toEqual([]);
    });
  });

  it("names a statement of as many values as an article list's page (its viewer's id in each condition)", async () => {
    await withClient({ genericPlans: true }, async (db) => {
      for (let n = 0; n < 3; n++) await db.$queryRaw(sumOf('list-sized', 24));
      expect(await prepared(db, 'list-sized')).toEqual([{ generic: 3, custom: 0 }]);
    });
  });
});

describe('queryRows', () => {
  /** Every kind of column the statements it runs answer, from values of every kind they send. */
  const everyKind = (marker: string) => Prisma.sql`
    SELECT ${marker}::text AS marker, ${7}::int AS number, ${'2026-11-30T10:00:00.000Z'}::timestamptz AS at, ${true}::boolean AS yes,
      ${'0192f5c4-0000-7000-8000-000000000001'}::uuid AS id, NULL::text AS nothing, ${['a', null, 'c"d']}::text[] AS texts,
      ${[new Date('2026-11-29T00:00:00Z').toISOString()]}::timestamptz[] AS dates, ${[1, -2]}::int[] AS numbers,
      ARRAY[${'0192f5c4-0000-7000-8000-000000000002'}::uuid] AS ids, json_build_object('k', ${'v'}::text) AS object`;

  it('reads every kind of column as Prisma does, on the pool and inside a transaction', async () => {
    await withClient({}, async (db) => {
      const expected = {
        marker: 'query rows',
        number: 7,
        at: new Date('2026-11-30T10:00:00.000Z'),
        yes: true,
        id: '0192f5c4-0000-7000-8000-000000000001',
        nothing: null,
        texts: ['a', null, 'c"d'],
        dates: [new Date('2026-11-29T00:00:00Z')],
        numbers: [1, -2],
        ids: ['0192f5c4-0000-7000-8000-000000000002'],
        object: { k: 'v' },
      };
      expect(await queryRows(db, everyKind('query rows'))).toEqual([expected]);
      expect(await db.$queryRaw(everyKind('query rows'))).toEqual([expected]);
      expect(await db.$transaction((tx) => queryRows(tx, everyKind('query rows')))).toEqual([expected]);
    });
  });

  it('says an unreachable database as Prisma does, so that a request answers 503', async () => {
    const db = createPrisma('postgres://postgres@127.0.0.1:1/none', 1);
    try {
      const refused = await queryRows(db, Prisma.sql`SELECT 1`).catch((error: unknown) => error);
      expect(refused).toMatchObject({ code: 'P1001' });
      expect(isDatabaseUnavailable(refused)).toBe(true);
    } finally {
      await db.$disconnect();
    }
  });

  it('prepares its statements once per connection, planned for their values as the pool plans', async () => {
    await withClient({}, async (db) => {
      for (let n = 1; n <= 7; n++) await queryRows(db, Prisma.sql`SELECT 'pool rows' AS marker, ${n}::int AS n`);
      expect(await prepared(db, 'pool rows')).toEqual([{ generic: 0, custom: 7 }]);
    });
  });

  it('sends a statement unnamed with planEachCall, so that a connection that plans once plans it at every call', async () => {
    await withClient({ genericPlans: true }, async (db) => {
      const select = (n: number) => Prisma.sql`SELECT 'each call' AS marker, ${n}::int AS n`;
      for (const n of [1, 2, 3]) expect(await queryRows(db, select(n), { planEachCall: true })).toEqual([{ marker: 'each call', n }]);
      expect(await prepared(db, 'each call')).toEqual([]);
      for (const n of [1, 2, 3]) await queryRows(db, select(n));
      expect(await prepared(db, 'each call')).toEqual([{ generic: 3, custom: 0 }]);
    });
  });
});

describe('FOREIGN_KEY_CHECKS_PLANNED_ONCE', () => {
  it("changes the plans of its own statement's transaction only, not the pooled connection's", async () => {
    await withClient({}, async (db) => {
      const setting = Prisma.sql`SELECT ${FOREIGN_KEY_CHECKS_PLANNED_ONCE} AS during`;
      expect(await queryRows(db, setting)).toEqual([{ during: 'auto' }]);
      expect(await db.$queryRaw`SELECT current_setting('plan_cache_mode') AS after`).toEqual([{ after: 'force_custom_plan' }]);
    });
  });
});
