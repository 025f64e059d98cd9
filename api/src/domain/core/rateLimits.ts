import { isIPv4, isIPv6 } from 'node:net';
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

/** A limit of `points` uses in a fixed window of `windowSeconds` from the first; `refusal` opens the 429's message. */
export type Allowance = { points: number; windowSeconds: number; refusal: string };

function refused(allowance: Allowance, expire: number): RateLimitedError {
  const seconds = Math.max(1, Math.ceil((expire - Date.now()) / 1000));
  return new RateLimitedError(`${allowance.refusal} Please try again in ${waitText(seconds)}.`, seconds);
}

/**
 * Counts one use of the counter `key` against `allowance` and throws RateLimitedError once it is used up. The point
 * is added before the check, in one statement, so replicas racing on one key never let more through; a refused use
 * is counted too, which changes nothing since the window does not move.
 */
export async function spendAllowance(services: Services, key: string, allowance: Allowance): Promise<void> {
  const { points, expire } = await addPoint(services, key, allowance.windowSeconds * 1000, false);
  if (points > allowance.points) throw refused(allowance, expire);
}

/** Throws as `spendAllowance` would once `key` is used up, without counting: a refusal before costly work. */
export async function assertAllowanceLeft(services: Services, key: string, allowance: Allowance): Promise<void> {
  const counter = (await readCounters(services, [key])).get(key);
  if (counter && counter.points >= allowance.points) throw refused(allowance, counter.expire);
}

/**
 * The key a client address is counted under by per-address limits: an IPv4 address as it is, an IPv6 address by its
 * /64 (one subscriber's network, whose 2^64 addresses one client may rotate through at will), written
 * `2001:db8:0:1::/64`. An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, what a dual-stack socket reports for an IPv4
 * client) counts as its IPv4 address; a zone id (`fe80::1%eth0`) and brackets are dropped. Anything else is kept as given.
 */
export function addressLimitKey(clientAddress: string): string {
  let address = clientAddress.trim().toLowerCase();
  if (address.startsWith('[') && address.endsWith(']')) address = address.slice(1, -1);
  address = address.split('%')[0]!;
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return clientAddress;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (without zone), '::' expanded and a dotted IPv4 tail as two groups. */
function ipv6Groups(address: string): number[] {
  const parse = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((piece) => {
          if (!piece.includes('.')) return [parseInt(piece, 16)];
          const [a, b, c, d] = piece.split('.').map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = '', tail] = address.split('::');
  const left = parse(head);
  if (tail === undefined) return left;
  const right = parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

export type AddressLimit = { points: number; windowSeconds: number; what: string };

/**
 * Counts one request of a client address (its `addressLimitKey`: an IPv6 client by its /64) against `limit` (a fixed
 * window) and throws RateLimitedError, before any work, once the address has used it up. The refusal names no
 * account, so it tells nothing about which exist.
 */
export async function spendAddressAllowance(services: Services, name: string, limit: AddressLimit, clientAddress: string): Promise<void> {
  await spendAllowance(services, `${name}:address:${addressLimitKey(clientAddress)}`, {
    points: limit.points,
    windowSeconds: limit.windowSeconds,
    refusal: `Too many ${limit.what} from your network.`,
  });
}
