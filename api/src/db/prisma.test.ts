import { describe, expect, inject, it } from 'vitest';
import { Prisma } from '../generated/prisma/client.ts';
import { createPrisma, type PrismaClient } from './prisma.ts';

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
