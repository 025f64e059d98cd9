import { describe, expect, inject, it } from 'vitest';
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

  it('plans each statement once with genericPlans', async () => {
    await withClient({ genericPlans: true }, async (db) => {
      for (const n of [1, 2, 3]) await db.$queryRaw`SELECT 'generic plans' AS marker, ${n}::int AS n`;
      expect(await prepared(db, 'generic plans')).toEqual([{ generic: 3, custom: 0 }]);
    });
  });

  it('sends a statement of many values unnamed, so lists of every length are not each kept prepared', async () => {
    await withClient({}, async (db) => {
      const values = Array.from({ length: 17 }, (_, i) => i);
      await db.$queryRaw`SELECT 'many values' AS marker, ${values[0]}::int + ${values[1]}::int + ${values[2]}::int + ${values[3]}::int
        + ${values[4]}::int + ${values[5]}::int + ${values[6]}::int + ${values[7]}::int + ${values[8]}::int + ${values[9]}::int
        + ${values[10]}::int + ${values[11]}::int + ${values[12]}::int + ${values[13]}::int + ${values[14]}::int + ${values[15]}::int
        + ${values[16]}::int AS total`;
      expect(await prepared(db, 'many values')).toEqual([]);
    });
  });
});
