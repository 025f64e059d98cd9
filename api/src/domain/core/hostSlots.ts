import { batchedPer } from '../../db/batched.ts';
import type { PrismaClient } from '../../db/prisma.ts';
import { fetchPolicyFor, type FetchPolicy, type HostGate } from '../../ingest/fetch.ts';
import { FeedFetchError } from '../../ingest/fetchError.ts';
import type { Services } from './services.ts';

// Politeness: at most FEED_FETCHES_PER_HOST requests at once to one host, whichever path fetches (the
// schedule, refreshes, subscribing, imports, discovery, shared pages) and however many processes run them. A host's
// slots are leases in PostgreSQL ("fetch-slot:{host}:{n}"), so they hold across the API and its workers and expire
// on their own when a process dies mid-fetch. Claims and releases of fetches running at once share their statements
// (db/batched.ts), as the feed rows' reads and writes do.

type Db = Pick<PrismaClient, '$queryRaw' | '$executeRaw'>;

/** How long a fetch may wait for a slot: a person waits for theirs; the schedule moves a feed on instead. */
export const HOST_WAIT_MS = { interactive: 30_000, scheduled: 2_000 } as const;
export type HostWait = keyof typeof HOST_WAIT_MS;

/** A slot outlives the longest fetch, so that only a process that died leaves one to expire. */
const SLOT_MARGIN_MS = 15_000;
const POLL_MS = { first: 50, max: 500 } as const;

type Claim = { host: string; perHost: number; ttlMs: number };

// One statement claims a free slot for each fetch of the batch: the n-th fetch for a host gets the host's n-th free
// slot, if there is one. Another process may take the same slot between the look and the insert: then the insert
// claims nothing and that fetch asks again.
const claimSlots = batchedPer((db: Db) => async (claims: Claim[]) => {
  const wanted = claims.map((claim, index) => ({ index, host: claim.host, perHost: claim.perHost, expiresAt: Date.now() + claim.ttlMs }));
  const rows = await db.$queryRaw<{ key: string }[]>`
    WITH wanted AS (
      SELECT w.*, row_number() OVER (PARTITION BY w.host ORDER BY w.index) AS turn
      FROM jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) AS w(index int, host text, "perHost" int, "expiresAt" bigint)
    ), free AS (
      SELECT h.host, s.slot, row_number() OVER (PARTITION BY h.host ORDER BY s.slot) AS turn
      FROM (SELECT host, max("perHost") AS "perHost" FROM wanted GROUP BY host) h
      CROSS JOIN LATERAL generate_series(0, h."perHost" - 1) AS s(slot)
      WHERE NOT EXISTS (
        SELECT 1 FROM "Lease" l WHERE l.key = 'fetch-slot:' || h.host || ':' || s.slot AND l."expiresAt" > now())
    )
    INSERT INTO "Lease" (key, "expiresAt")
    SELECT 'fetch-slot:' || f.host || ':' || f.slot, to_timestamp(w."expiresAt" / 1000.0)
    FROM wanted w JOIN free f ON f.host = w.host AND f.turn = w.turn
    ON CONFLICT (key) DO UPDATE SET "expiresAt" = EXCLUDED."expiresAt" WHERE "Lease"."expiresAt" <= now()
    RETURNING key`;
  // The claimed keys go to the batch's fetches of their host in order.
  const claimed = new Map<string, string[]>();
  for (const { key } of rows) {
    const host = key.slice('fetch-slot:'.length, key.lastIndexOf(':'));
    claimed.set(host, [...(claimed.get(host) ?? []), key]);
  }
  return claims.map((claim) => claimed.get(claim.host)?.shift() ?? null);
});

const releaseSlots = batchedPer((db: Db) => async (keys: string[]) => {
  await db.$executeRaw`DELETE FROM "Lease" WHERE key = ANY(${keys}::text[])`;
  return keys.map(() => undefined);
});

/** Runs fetches in the host's slots: waits up to `waitMs` for one, then fails with FeedFetchError 'host-busy'. */
export function hostGate(services: Pick<Services, 'db' | 'config'>, waitMs: number): HostGate {
  const claim: Claim = {
    host: '',
    perHost: services.config.feedFetchesPerHost,
    ttlMs: services.config.feedFetchTimeoutMs + SLOT_MARGIN_MS,
  };
  return async (host, fetch) => {
    const key = await claimSlot(services.db, { ...claim, host }, Date.now() + waitMs);
    try {
      return await fetch();
    } finally {
      await releaseSlots(services.db, key);
    }
  };
}

async function claimSlot(db: Db, claim: Claim, deadline: number): Promise<string> {
  for (let pause: number = POLL_MS.first; ; pause = Math.min(POLL_MS.max, pause * 2)) {
    const key = await claimSlots(db, claim);
    if (key) return key;
    const left = deadline - Date.now();
    if (left <= 0) {
      throw new FeedFetchError(
        'host-busy',
        `The feed’s server (${claim.host}) is busy with this instance’s other requests; try again in a minute`,
      );
    }
    // Jittered, so that the fetches waiting for one host do not all ask again at the same moment.
    await new Promise((resolve) => setTimeout(resolve, Math.min(left, pause * (0.5 + Math.random()))));
  }
}

/** The fetch policy of every feed and page fetch: the instance's, with the host's slots. */
export function feedFetchPolicy(services: Pick<Services, 'db' | 'config'>, wait: HostWait = 'interactive'): FetchPolicy {
  return { ...fetchPolicyFor(services.config), hostGate: hostGate(services, HOST_WAIT_MS[wait]) };
}
