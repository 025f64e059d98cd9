// Where the reading benchmark's instance lives, whether it is already seeded, and what it weighs.
import path from 'node:path';
import pg from 'pg';
import { TABLE_SIZES_SQL } from '../../src/domain/admin/databaseSize.ts';
import { createDatabaseIfMissing } from '../../src/db/database.ts';
import { startEmbeddedPostgres } from '../../src/db/embeddedPostgres.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import type { Logger } from '../../src/logger.ts';
import { dropDatabase, serverUrlOf } from '../../test/scratchServer.ts';
import { type SeedPlan, username } from './plan.ts';
import { seed, SEED_VERSION } from './seed.ts';

export type BenchServer = { serverUrl: string; where: string; close: () => Promise<void> };

/**
 * DATABASE_URL's server when set; otherwise an embedded PostgreSQL whose data stays in
 * `$DATA_DIR/bench-reading` (default ./data/bench-reading), so `--reuse` finds the seeded instance again.
 */
export async function openBenchServer(log: Logger): Promise<BenchServer> {
  if (process.env.DATABASE_URL) {
    const serverUrl = serverUrlOf(process.env.DATABASE_URL);
    return { serverUrl, where: `DATABASE_URL's server (${new URL(serverUrl).host})`, close: async () => {} };
  }
  const dir = path.resolve(process.env.DATA_DIR ?? 'data', 'bench-reading');
  const server = await startEmbeddedPostgres(dir, log);
  return { serverUrl: server.baseUrl, where: `embedded PostgreSQL in ${dir}`, close: server.stop };
}

/** What the seeding recorded in bench.marker; null when the database is missing or was never fully seeded. */
export type Marker = {
  version: number;
  plan: SeedPlan;
  seededAt: string;
  seedSeconds: number;
  largeFeedId: string;
  mainUserIds: string[];
  searchWords: { common: string; mid: string; rare: string; twoWords: string };
  /** Articles matching each search, over the whole instance. */
  searchMatches: Record<string, number>;
};

export async function readMarker(databaseUrl: string): Promise<Marker | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const { rows } = await client.query<{ value: Marker }>(`SELECT value FROM bench.marker`);
    return rows[0]?.value ?? null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

export function markerMatches(marker: Marker | null, plan: SeedPlan): marker is Marker {
  // jsonb reorders keys, so compare field by field.
  return (
    marker !== null &&
    marker.version === SEED_VERSION &&
    Object.entries(plan).every(([key, value]) => marker.plan[key as keyof SeedPlan] === value)
  );
}

/** Recreates the database, migrates it, seeds it (VACUUM ANALYZE included) and records the marker. */
export async function seedDatabase(
  serverUrl: string,
  name: string,
  plan: SeedPlan,
  log: Logger,
  print: (line: string) => void,
): Promise<Marker> {
  const started = performance.now();
  await dropDatabase(serverUrl, name);
  await createDatabaseIfMissing(serverUrl, name);
  const databaseUrl = `${serverUrl}/${name}`;
  await migrateDatabase(databaseUrl, log);
  await seed(databaseUrl, plan, print);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const step = performance.now();
    // Memory enough for an exact bitmap of a common word's matches: the count then reads no article (VACUUM has
    // marked the pages all-visible), where a lossy one read each page's vectors out of TOAST again (126 s at 10m).
    await client.query(`SET work_mem = '1GB'`);
    const searchWords = await pickSearchWords(client);
    const searchMatches: Record<string, number> = {};
    for (const query of Object.values(searchWords)) {
      const { rows } = await client.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM "Article" WHERE "searchVector" @@ websearch_to_tsquery('english', $1)`,
        [query],
      );
      searchMatches[query] = rows[0]!.count;
    }
    print(`  search words and their matches: ${((performance.now() - step) / 1000).toFixed(1)} s`);
    const { rows: feed } = await client.query<{ id: string }>(`SELECT id FROM "Feed" WHERE url = 'https://feed0.bench.example/feed.xml'`);
    const { rows: main } = await client.query<{ id: string }>(`SELECT id FROM "User" WHERE username <= $1 ORDER BY username`, [
      username(plan, plan.mainUsers),
    ]);
    const marker: Marker = {
      version: SEED_VERSION,
      plan,
      seededAt: new Date().toISOString(),
      seedSeconds: Math.round((performance.now() - started) / 100) / 10,
      largeFeedId: feed[0]!.id,
      mainUserIds: main.map((row) => row.id),
      searchWords,
      searchMatches,
    };
    await client.query(`CREATE TABLE bench.marker (value jsonb NOT NULL)`);
    await client.query(`INSERT INTO bench.marker VALUES ($1)`, [JSON.stringify(marker)]);
    return marker;
  } finally {
    await client.end();
  }
}

/**
 * Search terms by their rank in the vocabulary (so by frequency): a common word, a mid-frequency one, a rare
 * one and two fairly common words together. Stop words (which the 'english' configuration drops) are skipped.
 */
async function pickSearchWords(client: pg.Client): Promise<Marker['searchWords']> {
  const word = async (fromRank: number) => {
    const { rows } = await client.query<{ word: string }>(
      `SELECT word FROM bench.vocab WHERE rank >= $1 AND to_tsvector('english', word) <> ''::tsvector ORDER BY rank LIMIT 1`,
      [fromRank],
    );
    return rows[0]!.word;
  };
  return {
    common: await word(54),
    mid: await word(1200),
    rare: await word(30_000),
    twoWords: `${await word(150)} ${await word(200)}`,
  };
}

/** Heap, index and TOAST sizes of the tables that matter, largest first. */
export async function tableSizes(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // A partitioned table or index is reported as one, its partitions summed (the admin panel's query, sizes made readable).
    const { rows } = await client.query<{ name: string; rows: string; heap: string; toast: string; indexes: string; total: string }>(`
      SELECT name, to_char(rows::bigint, 'FM999,999,999,999') AS rows, pg_size_pretty(heap::bigint) AS heap,
             pg_size_pretty(toast::bigint) AS toast, pg_size_pretty(indexes::bigint) AS indexes, pg_size_pretty(total::bigint) AS total
      FROM (${TABLE_SIZES_SQL}) sizes WHERE rows::bigint > 0 ORDER BY total::bigint DESC`);
    const { rows: indexes } = await client.query<{ name: string; size: string }>(`
      SELECT r.relname AS name, pg_size_pretty(sum(pg_relation_size(c.oid))) AS size
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_class r ON r.oid = coalesce(pg_partition_root(c.oid), c.oid)
      WHERE n.nspname = 'public' AND c.relkind = 'i'
      GROUP BY r.relname HAVING sum(pg_relation_size(c.oid)) > 1024 * 1024
      ORDER BY sum(pg_relation_size(c.oid)) DESC`);
    const { rows: database } = await client.query<{ size: string }>(`SELECT pg_size_pretty(pg_database_size(current_database())) AS size`);
    return [
      `database ${database[0]!.size}`,
      table(
        ['table', 'rows', 'heap', 'toast', 'indexes', 'total'],
        rows.map((r) => [r.name, r.rows, r.heap, r.toast, r.indexes, r.total]),
      ),
      table(
        ['index (> 1 MB)', 'size'],
        indexes.map((r) => [r.name, r.size]),
      ),
    ];
  } finally {
    await client.end();
  }
}

/** A plain-text table, numbers right-aligned. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i > 0 && /^[\d.,\s%–-]+$/.test(cell) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
