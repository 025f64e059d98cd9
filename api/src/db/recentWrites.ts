import { Redis } from 'ioredis';
import type { WalPosition } from './replicaSet.ts';

/**
 * Where each user's last write reached in the primary's WAL, so that their reads go to a replica only once it has
 * replayed it. Kept this long: by then a replica has either replayed the write or lags too far to be used at all.
 */
export const REMEMBER_WRITES_MS = 60_000;

/** The users' last write positions: in Redis when the instance has it (its API processes share it), else in the process. */
export type RecentWrites = {
  /** Notes that `userId` wrote up to `position`; an earlier position than the one noted changes nothing. */
  record(userId: string, position: WalPosition): Promise<void>;
  /** How far `userId`'s writes of the last minute reach, or null: none. Throws when the store cannot say. */
  lastWrite(userId: string): Promise<WalPosition | null>;
  close(): Promise<void>;
};

export function createRecentWrites(redisUrl: string | null, onError: (error: Error) => void = () => {}): RecentWrites {
  return redisUrl ? redisRecentWrites(redisUrl, onError) : inProcessRecentWrites();
}

// Past this many users, the expired entries are swept on the next write.
const SWEEP_ABOVE = 10_000;

export function inProcessRecentWrites(now: () => number = Date.now): RecentWrites {
  const writes = new Map<string, { position: WalPosition; until: number }>();
  return {
    record: async (userId, position) => {
      if (writes.size > SWEEP_ABOVE) for (const [id, write] of writes) if (write.until <= now()) writes.delete(id);
      const noted = writes.get(userId);
      const until = now() + REMEMBER_WRITES_MS;
      writes.set(userId, { position: noted && noted.position > position ? noted.position : position, until });
    },
    lastWrite: async (userId) => {
      const noted = writes.get(userId);
      return noted && noted.until > now() ? noted.position : null;
    },
    close: async () => {},
  };
}

// Positions are stored as 16 hexadecimal digits, so that comparing the strings compares the positions.
const KEEP_LATER = `
  local noted = redis.call('GET', KEYS[1])
  if noted and noted > ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
  return redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])`;

const keyOf = (userId: string) => `tidings:last-write:${userId}`;

function redisRecentWrites(redisUrl: string, onError: (error: Error) => void): RecentWrites {
  // While Redis is away, a reader's request does not wait for it: it reads the primary. The first command connects
  // (a worker, which serves no requests, never does) and waits a little for it.
  let reported = false;
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, commandTimeout: 500 })
    .on('error', (error: Error) => {
      if (!reported) onError(error);
      reported = true;
    })
    .on('ready', () => (reported = false));
  return {
    record: async (userId, position) => {
      await redis.eval(KEEP_LATER, 1, keyOf(userId), position.toString(16).padStart(16, '0'), REMEMBER_WRITES_MS);
    },
    lastWrite: async (userId) => {
      if (redis.status === 'reconnecting' || redis.status === 'end') throw new Error(`Redis is ${redis.status}`);
      const noted = await redis.get(keyOf(userId));
      return noted === null ? null : BigInt(`0x${noted}`);
    },
    close: async () => {
      redis.disconnect();
    },
  };
}
