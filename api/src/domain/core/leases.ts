import type { Services } from './services.ts';

/**
 * Claims `key` for `ttlMs` unless someone holds an unexpired claim on it; true when this caller got it.
 * The claim lives in PostgreSQL, so it holds across API replicas, and expires on its own if a process dies.
 */
export async function tryAcquireLease(services: Pick<Services, 'db'>, key: string, ttlMs: number): Promise<boolean> {
  const expiresAt = new Date(Date.now() + ttlMs);
  const claimed = await services.db.$queryRaw<{ key: string }[]>`
    INSERT INTO "Lease" (key, "expiresAt") VALUES (${key}, ${expiresAt})
    ON CONFLICT (key) DO UPDATE SET "expiresAt" = EXCLUDED."expiresAt" WHERE "Lease"."expiresAt" <= now()
    RETURNING key`;
  return claimed.length === 1;
}

/** Gives up a claim taken with tryAcquireLease. */
export async function releaseLease(services: Pick<Services, 'db'>, key: string): Promise<void> {
  await services.db.lease.deleteMany({ where: { key } });
}
