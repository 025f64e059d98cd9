// How late the scheduler fetches due feeds, recorded in the benchmark's database by a statement trigger on "Feed"
// (the app's refreshes write feed rows in shared statements, so a statement trigger runs once per batch): a refresh
// that sets a new lastFetchedAt records (the time the feed was due, lastFetchedAt), lastFetchedAt being when the
// refresh began. A feed moved on unfetched (its host had no free slot) keeps its first due time, so its lag counts
// from when it was first due, and the move is counted.
import pg from 'pg';

const INSTALL = `
  CREATE SCHEMA bench;
  CREATE TABLE bench.fetch (due_at timestamptz NOT NULL, fetched_at timestamptz NOT NULL);
  CREATE INDEX ON bench.fetch (fetched_at);
  CREATE TABLE bench.deferred (feed_id uuid PRIMARY KEY, due_at timestamptz NOT NULL);
  CREATE TABLE bench.deferral (at timestamptz NOT NULL DEFAULT now());
  CREATE FUNCTION bench.record_fetches() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    WITH fetched AS (
      SELECT o.id, o."nextFetchAt" AS due_at, n."lastFetchedAt" AS fetched_at
      FROM old_rows o JOIN new_rows n USING (id) WHERE n."lastFetchedAt" IS DISTINCT FROM o."lastFetchedAt"
    ), first_due AS (
      DELETE FROM bench.deferred d USING fetched f WHERE d.feed_id = f.id RETURNING d.feed_id, d.due_at
    )
    INSERT INTO bench.fetch (due_at, fetched_at)
    SELECT coalesce(fd.due_at, f.due_at), f.fetched_at FROM fetched f LEFT JOIN first_due fd ON fd.feed_id = f.id;
    INSERT INTO bench.deferral (at)
    SELECT now() FROM old_rows o JOIN new_rows n USING (id)
    WHERE n."lastFetchedAt" IS NOT DISTINCT FROM o."lastFetchedAt" AND n."nextFetchAt" > o."nextFetchAt";
    INSERT INTO bench.deferred (feed_id, due_at)
    SELECT o.id, o."nextFetchAt" FROM old_rows o JOIN new_rows n USING (id)
    WHERE n."lastFetchedAt" IS NOT DISTINCT FROM o."lastFetchedAt" AND n."nextFetchAt" > o."nextFetchAt"
    ON CONFLICT (feed_id) DO NOTHING;
    RETURN NULL;
  END $$;
  CREATE TRIGGER bench_record_fetches AFTER UPDATE ON "Feed" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION bench.record_fetches();`;

/** Installs the trigger; run it after seeding, so that only the run's refreshes are recorded. */
export async function installLagProbe(client: pg.ClientBase): Promise<void> {
  await client.query(INSTALL);
}

/** Lag of the fetches in a window, in seconds, and the most fetches begun per second over PEAK_SECONDS of it. */
export type Lag = { fetched: number; p50: number; p95: number; p99: number; max: number; peakPerSecond: number };

const PEAK_SECONDS = 5;

/** The fetches that began in [from, to) and how late they were. */
export async function lagBetween(client: pg.ClientBase, from: Date, to: Date): Promise<Lag> {
  const { rows } = await client.query<Lag>(
    `SELECT count(*)::int AS fetched,
            coalesce(percentile_cont(ARRAY[0.5, 0.95, 0.99]) WITHIN GROUP (ORDER BY lag), ARRAY[0, 0, 0]) AS p,
            coalesce(max(lag), 0) AS max,
            coalesce((SELECT max(n) FROM (SELECT count(*) AS n FROM bench.fetch WHERE fetched_at >= $1 AND fetched_at < $2
                                          GROUP BY floor(extract(epoch FROM fetched_at) / $3)) b), 0)::float8 / $3 AS "peakPerSecond"
     FROM (SELECT extract(epoch FROM fetched_at - due_at)::float8 AS lag FROM bench.fetch
           WHERE fetched_at >= $1 AND fetched_at < $2) f`,
    [from, to, PEAK_SECONDS],
  );
  const { p, ...lag } = rows[0] as unknown as Omit<Lag, 'p50' | 'p95' | 'p99'> & { p: number[] };
  return { ...lag, p50: p[0]!, p95: p[1]!, p99: p[2]! };
}

/**
 * Feeds due and not yet fetched (queued or not, moved on unfetched included), how late the oldest of them is
 * (seconds), and how many times a feed was moved on unfetched so far.
 */
export async function backlog(client: pg.ClientBase): Promise<{ due: number; oldestSeconds: number; deferrals: number }> {
  const { rows } = await client.query<{ due: number; oldestSeconds: number; deferrals: number }>(
    `SELECT count(*)::int AS due, coalesce(extract(epoch FROM now() - min(due_at))::float8, 0) AS "oldestSeconds",
            (SELECT count(*)::int FROM bench.deferral) AS deferrals
     FROM (SELECT f."nextFetchAt" AS due_at FROM "Feed" f
           WHERE f."nextFetchAt" <= now() AND NOT EXISTS (SELECT 1 FROM bench.deferred d WHERE d.feed_id = f.id)
           UNION ALL SELECT due_at FROM bench.deferred) due`,
  );
  return rows[0]!;
}
