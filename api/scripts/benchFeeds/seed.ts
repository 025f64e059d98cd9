// Seeds the steady-state benchmark's feeds with set-based SQL: users, feeds spread over the publishers' origins (each
// already fetched once, so its ETag is stored and the next fetch is conditional) and one subscription per feed.
import pg from 'pg';
import { uuidv7 } from '../../src/db/uuidv7.ts';

/** Readers the feeds are shared out to, a hundred feeds each at 100,000 feeds. */
const USERS = 1000;

/** The ETag a feed's document has at `version` (0 when seeded); the served side and the seed agree on it. */
export function steadyEtag(feed: number, version: number): string {
  return `"steady-${feed}-${version}"`;
}

/** Feed `index`'s address: the feeds go round the publishers, so each has about as many. */
function steadyFeedUrl(origins: string[], index: number): string {
  return `${origins[index % origins.length]}/feed/${index}.xml`;
}

/**
 * Inserts `count` feeds on `origins`, due far in the future (scheduleSteadyFeeds spreads them), with USERS readers
 * sharing one subscription per feed. Ids are UUIDv7 as the app makes them, so the keys' order is realistic.
 */
export async function seedSteadyFeeds(databaseUrl: string, origins: string[], count: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const now = Date.now();
    const userIds = Array.from({ length: USERS }, (_, i) => uuidv7(now - USERS + i));
    const feedIds = Array.from({ length: count }, (_, i) => uuidv7(now - count + i));
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO "User" (id, username, email, "passwordHash", "updatedAt")
       SELECT id, 'steady' || n, 'steady' || n || '@bench.example', 'bench-not-a-password-hash', now()
       FROM unnest($1::uuid[]) WITH ORDINALITY AS u(id, n)`,
      [userIds],
    );
    await client.query(
      `INSERT INTO "Feed" (id, url, etag, "lastFetchedAt", "lastSuccessAt", "nextFetchAt", "updatedAt")
       SELECT id, url, etag, now(), now(), 'infinity', now() FROM unnest($1::uuid[], $2::text[], $3::text[]) AS f(id, url, etag)`,
      [feedIds, feedIds.map((_, i) => steadyFeedUrl(origins, i)), feedIds.map((_, i) => steadyEtag(i, 0))],
    );
    await client.query(
      `INSERT INTO "Subscription" (id, "userId", "feedId")
       SELECT gen_random_uuid(), ($2::uuid[])[1 + (n - 1) % array_length($2, 1)], id
       FROM unnest($1::uuid[]) WITH ORDINALITY AS f(id, n)`,
      [feedIds, userIds],
    );
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}

/**
 * Makes every feed due at a uniformly random moment of the next `spreadMs` (as on an instance whose feeds were
 * fetched over the last interval), then vacuums and analyses the tables, so that the run starts without the
 * update's dead rows and with the planner's statistics of the data it will see.
 */
export async function scheduleSteadyFeeds(databaseUrl: string, spreadMs: number): Promise<Date> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const start = new Date();
    await client.query(`UPDATE "Feed" SET "nextFetchAt" = $1::timestamptz + random() * ($2 * interval '1 millisecond')`, [start, spreadMs]);
    await client.query('VACUUM ANALYZE "Feed", "Subscription", "User"');
    return start;
  } finally {
    await client.end();
  }
}
