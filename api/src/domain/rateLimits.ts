import { RateLimitedError } from './errors.ts';
import type { Services } from './services.ts';

/** A counter's row: `points` counted so far, `expire` the epoch milliseconds at which the row is forgotten. */
export type Counter = { points: number; expire: number };

/**
 * Adds one point to the counter `key` in one atomic upsert (state lives in PostgreSQL, shared by every replica).
 * A counter whose row has expired starts again at 1. `sliding`: every point pushes the expiry `memoryMs` ahead
 * (the counter is forgotten after that long without a point); otherwise the window is fixed at the first point.
 */
export async function addPoint(services: Services, key: string, memoryMs: number, sliding: boolean): Promise<Counter> {
  const now = BigInt(Date.now());
  const expire = now + BigInt(memoryMs);
  const [row] = await services.db.$queryRaw<{ points: number; expire: bigint }[]>`
    INSERT INTO rate_limits (key, points, expire) VALUES (${key}, 1, ${expire})
    ON CONFLICT (key) DO UPDATE SET
      points = CASE WHEN rate_limits.expire <= ${now} THEN 1 ELSE rate_limits.points + 1 END,
      expire = CASE WHEN rate_limits.expire <= ${now} OR ${sliding} THEN EXCLUDED.expire ELSE rate_limits.expire END
    RETURNING points, expire`;
  return { points: row!.points, expire: Number(row!.expire) };
}

/** The live counters among `keys` (expired rows count as absent). */
export async function readCounters(services: Services, keys: string[]): Promise<Map<string, Counter>> {
  const now = Date.now();
  const rows = await services.db.rateLimit.findMany({ where: { key: { in: keys } } });
  return new Map(
    rows.filter((row) => Number(row.expire ?? 0) > now).map((row) => [row.key, { points: row.points, expire: Number(row.expire) }]),
  );
}

/** "N seconds" under two minutes, else whole minutes rounded up. */
export function waitText(seconds: number): string {
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

export type AddressLimit = { points: number; windowSeconds: number; what: string };

/**
 * Counts one request of a client address against `limit` (a fixed window) and throws RateLimitedError, before any
 * work, once the address has used it up. The refusal names no account, so it tells nothing about which exist.
 */
export async function spendAddressAllowance(services: Services, name: string, limit: AddressLimit, clientAddress: string): Promise<void> {
  const { points, expire } = await addPoint(services, `${name}:address:${clientAddress}`, limit.windowSeconds * 1000, false);
  if (points <= limit.points) return;
  const seconds = Math.max(1, Math.ceil((expire - Date.now()) / 1000));
  throw new RateLimitedError(`Too many ${limit.what} from your network. Please try again in ${waitText(seconds)}.`, seconds);
}
