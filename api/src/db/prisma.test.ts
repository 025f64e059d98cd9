import { describe, expect, inject, it } from 'vitest';
import { createPrisma } from './prisma.ts';

describe('createPrisma', () => {
  it("opens sessions without JIT compilation, whatever the server's setting", async () => {
    const db = createPrisma(`${inject('databaseServerUrl')}/postgres`, 1);
    try {
      expect(await db.$queryRaw`SELECT current_setting('jit') AS jit`).toEqual([{ jit: 'off' }]);
    } finally {
      await db.$disconnect();
    }
  });
});
