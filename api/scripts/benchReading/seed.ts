// Seeds the reading benchmark's instance with set-based SQL (generate_series, INSERT … SELECT): users, feeds
// of skewed sizes, articles with Zipf-distributed text, subscriptions skewed towards popular feeds, folders,
// unread rows whose probability falls with age, likes, stars, comments and shares. Secondary indexes, keys and
// foreign keys of the filled tables are dropped first and rebuilt from their own definitions afterwards (bulk
// loading's usual order), so the result is exactly the migrated schema. The articles (their generated search vector
// is most of the seed's work) are inserted on two connections at once, one per core; then the search index builds
// on one while everything else runs on the other. The seed ends with VACUUM ANALYZE, as autovacuum would leave it.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { feedSizes, type SeedPlan, usernameDigits } from './plan.ts';
import { vocabulary } from './vocabulary.ts';

export type { SeedPlan } from './plan.ts';

/** 2: article bodies from a pool, the plan's skew fields (issue 47). */
export const SEED_VERSION = 2;

/** Connections the seed works on: one per core of the 2-core machine it is sized for. */
const CONNECTIONS = 2;

/** A step: one statement, or statements that run at once on the seed's connections. */
type Step = { label: string; sql: string | string[]; values?: unknown[] };

const SEEDED_TABLES = [
  'User',
  'Feed',
  'Folder',
  'Subscription',
  'Article',
  'UnreadArticle',
  'LikedArticle',
  'StarredArticle',
  'Comment',
  'Share',
];

// No parallel workers: the connections already keep both cores busy, and a worker's CPU time would not be counted.
const SESSION = `SET synchronous_commit = off; SET work_mem = '256MB'; SET maintenance_work_mem = '1GB';
  SET max_parallel_maintenance_workers = 0; SET max_parallel_workers_per_gather = 0; SET jit = off`;

export type Connections = {
  clients: pg.Client[];
  /** CPU seconds the connections' server processes have used, when the server runs on this machine (else null). */
  cpuSeconds: () => number | null;
  end: () => Promise<void>;
};

/** `count` sessions (one per core unless told) with the bulk load's settings. */
export async function connect(databaseUrl: string, count = CONNECTIONS): Promise<Connections> {
  const clients = Array.from({ length: count }, () => new pg.Client({ connectionString: databaseUrl }));
  await Promise.all(clients.map((c) => c.connect()));
  await Promise.all(clients.map((c) => c.query(SESSION)));
  const pids = await Promise.all(clients.map(async (c) => (await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid));
  return {
    clients,
    cpuSeconds: () => {
      const each = pids.map(processCpuSeconds);
      return each.includes(null) ? null : each.reduce((a, b) => a! + b!, 0);
    },
    end: async () => void (await Promise.all(clients.map((c) => c.end()))),
  };
}

/**
 * User and system CPU seconds of a process of this machine (Linux /proc, 100 ticks a second); null when it is not
 * readable (another machine's server). On a shared machine wall time depends on the neighbours, CPU time much less.
 */
function processCpuSeconds(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // After "pid (comm) ", utime and stime are the 12th and 13th fields.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** Runs the statements on the connections, each taking the next as it finishes (so the first should be the longest). */
export async function concurrently(clients: pg.Client[], statements: string[], each?: (sql: string, ms: number) => void): Promise<void> {
  const queue = [...statements];
  await Promise.all(
    clients.map(async (client) => {
      for (let sql = queue.shift(); sql !== undefined; sql = queue.shift()) {
        const started = performance.now();
        await client.query(sql);
        each?.(sql, performance.now() - started);
      }
    }),
  );
}

export async function seed(databaseUrl: string, plan: SeedPlan, log: (line: string) => void): Promise<void> {
  const { clients, cpuSeconds, end } = await connect(databaseUrl);
  const client = clients[0]!;
  /** Runs `work`, logging its wall time and, when known, the server's CPU time on all connections. */
  const measured = async (label: string, work: () => Promise<string | void>) => {
    const [started, cpu] = [performance.now(), cpuSeconds()];
    const detail = await work();
    const after = cpuSeconds();
    const cpuText = cpu === null || after === null ? '' : `, CPU ${(after - cpu).toFixed(1)} s`;
    log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s${cpuText}${detail ?? ''}`);
  };
  // Once the search index is building on a session of its own, the rest runs on one session: a third would only
  // take time from the index, which is the longest path to the end.
  let sessions = clients;
  const run = ({ label, sql, values }: Step) =>
    measured(label, async () => {
      if (Array.isArray(sql)) return void (await concurrently(sessions, sql));
      const result = await client.query(sql, values);
      const rows = Array.isArray(result) ? 0 : (result.rowCount ?? 0);
      return rows ? ` (${rows.toLocaleString('en')} rows)` : '';
    });
  const runEach = (label: string, statements: string[]) =>
    measured(label, async () => {
      const slow: string[] = [];
      await concurrently(sessions, statements, (sql, ms) => ms > 1000 && slow.push(`${(ms / 1000).toFixed(1)} s ${sql.slice(0, 80)}`));
      return slow.length ? `; over 1 s: ${slow.join('; ')}` : '';
    });
  let searchIndex: Promise<void> | undefined;
  try {
    const restore = await dropKeysAndIndexes(client);
    const isSearchIndex = (b: Restore['build'][number]) => b.table === ARTICLE && / USING gin /i.test(b.sql);
    const search = restore.build.find(isSearchIndex)!;
    for (const step of steps(plan)) {
      await run(step);
      // The search index takes one core for longer than everything after the articles together: it starts as soon
      // as they are in, beside the unread rows and likes (which do not write articles).
      if (step.label === 'article counts') {
        searchIndex = buildAlone(databaseUrl, search.sql, log);
        sessions = [client];
      }
    }
    await runEach(
      `${restore.build.length - 1} indexes`,
      await largestFirst(
        client,
        restore.build.filter((b) => b !== search),
      ),
    );
    // The search index's build locks Article against keys, foreign keys and VACUUM, not the other tables': theirs
    // are done meanwhile.
    const [articleKeys, otherKeys] = partition(restore.keys, (k) => k.table === ARTICLE);
    const [articleForeign, otherForeign] = partition(restore.foreign, (f) => f.table === ARTICLE || f.references === ARTICLE);
    await run({ label: `${otherKeys.length} keys`, sql: otherKeys.map((k) => k.sql).join(';\n') });
    await run({ label: `${otherForeign.length} foreign keys`, sql: otherForeign.map((f) => f.sql).join(';\n') });
    await run({
      label: 'drop helper tables',
      sql: 'DROP TABLE bench.article_keys, bench.paragraphs, bench.bodies, bench.body_vectors, bench.titles, bench.feeds, bench.users, bench.subs',
    });
    const tables = await largestTables(client);
    await runEach(
      `VACUUM ANALYZE of ${tables.length - 1} tables`,
      tables.filter((t) => t !== ARTICLE).map((t) => `VACUUM ANALYZE ${t}`),
    );
    await measured('waiting for the search index', () => searchIndex!);
    sessions = clients;
    await run({ label: `Article's keys (${articleKeys.length})`, sql: articleKeys.map((k) => k.sql).join(';\n') });
    // Adding a foreign key locks Article against every other addition, so each is added unchecked (at once), on each
    // partition of a partitioned table (PostgreSQL 15 refuses NOT VALID on its parent), and checked afterwards: a
    // check takes only ROW SHARE on Article, so the checks run two at a time beside its VACUUM. The check of Article's
    // own key locks Article as VACUUM does: it comes last. A partitioned table's key, added last, takes its
    // partitions' checked keys as they are.
    const unchecked = articleForeign.flatMap((f) => (f.partitions.length ? f.partitions : [f.table]).map((table) => ({ ...f, table })));
    const [articleOwn, referencing] = partition(unchecked, (f) => f.table === ARTICLE);
    await run({
      label: `${unchecked.length} foreign keys of Article, unchecked`,
      sql: unchecked.map((f) => `ALTER TABLE ${f.table} ADD CONSTRAINT ${f.name} ${f.definition} NOT VALID`).join(';\n'),
    });
    await runEach('VACUUM ANALYZE of Article beside the checks of its foreign keys', [
      `VACUUM ANALYZE ${ARTICLE}`,
      ...[...referencing, ...articleOwn].map((f) => `ALTER TABLE ${f.table} VALIDATE CONSTRAINT ${f.name}`),
    ]);
    const parents = articleForeign.filter((f) => f.partitions.length);
    await run({ label: `${parents.length} foreign keys of partitioned tables`, sql: parents.map((f) => f.sql).join(';\n') });
  } finally {
    await searchIndex?.catch(() => {});
    await end();
  }
}

const ARTICLE = '"Article"';

/** The items that pass `test` and those that do not. */
function partition<T>(items: T[], test: (item: T) => boolean): [T[], T[]] {
  return [items.filter(test), items.filter((item) => !test(item))];
}

/** The public schema's tables (a partitioned one as a whole), the largest first. */
async function largestTables(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(`
    SELECT c.oid::regclass::text AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
    ORDER BY (SELECT sum(pg_total_relation_size(relid)) FROM pg_partition_tree(c.oid)) DESC`);
  return rows.map((r) => r.name);
}

/** Runs one index build on a session of its own, logging its wall and CPU time when it ends. */
async function buildAlone(databaseUrl: string, sql: string, log: (line: string) => void): Promise<void> {
  const { clients, cpuSeconds, end } = await connect(databaseUrl, 1);
  const started = performance.now();
  try {
    await clients[0]!.query(sql);
    const cpu = cpuSeconds();
    log(
      `  ${sql.slice(0, 60)}… (beside the steps after the articles): ${((performance.now() - started) / 1000).toFixed(1)} s${cpu === null ? '' : `, CPU ${cpu.toFixed(1)} s`}`,
    );
  } finally {
    await end();
  }
}

type Restore = {
  /**
   * Unique indexes of the keys, keys of partitioned tables (built whole) and the secondary indexes: built side by
   * side (a partitioned table's key locks its table, so that table's other builds wait for it).
   */
  build: { table: string; sql: string; key?: boolean }[];
  /** The keys made of those unique indexes. */
  keys: { table: string; sql: string }[];
  /** `name` escaped; `partitions` of a partitioned table, else none. */
  foreign: { table: string; references: string; name: string; definition: string; partitions: string[]; sql: string }[];
};

/**
 * Drops the filled tables' foreign keys, keys and indexes; answers the statements that rebuild them. A key is
 * rebuilt as a unique index first and then made the key (ADD CONSTRAINT … USING INDEX, instant), because
 * ADD PRIMARY KEY would lock its table against the other index builds; partitioned tables do not allow that.
 */
async function dropKeysAndIndexes(client: pg.Client): Promise<Restore> {
  const tables = SEEDED_TABLES.map((t) => `'"${t}"'::regclass`).join(', ');
  const { rows: constraints } = await client.query<{
    table: string;
    partitioned: boolean;
    name: string;
    contype: string;
    definition: string;
    references: string;
    partitions: string[];
  }>(`
    SELECT conrelid::regclass::text AS table, confrelid::regclass::text AS references, t.relkind = 'p' AS partitioned, conname AS name, contype, pg_get_constraintdef(c.oid) AS definition,
           ARRAY(SELECT inhrelid::regclass::text FROM pg_inherits WHERE inhparent = conrelid ORDER BY inhrelid) AS partitions
    FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid
    WHERE contype IN ('p', 'u', 'f') AND (conrelid IN (${tables}) OR confrelid IN (${tables}))
      AND (contype = 'f' OR conrelid IN (${tables})) AND conparentid = 0`);
  const { rows: indexes } = await client.query<{ table: string; name: string; definition: string }>(`
    SELECT i.indrelid::regclass::text AS table, i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
    FROM pg_index i
    WHERE i.indrelid IN (${tables}) AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.contype IN ('p', 'u'))`);
  const foreign = constraints.filter((c) => c.contype === 'f');
  const keys = constraints.filter((c) => c.contype !== 'f');
  for (const c of [...foreign, ...keys]) await client.query(`ALTER TABLE ${c.table} DROP CONSTRAINT ${pg.escapeIdentifier(c.name)}`);
  for (const i of indexes) await client.query(`DROP INDEX ${i.name}`);
  const restore: Restore = {
    build: [],
    keys: [],
    foreign: foreign.map((c) => ({
      table: c.table,
      references: c.references,
      name: pg.escapeIdentifier(c.name),
      definition: c.definition,
      partitions: c.partitions,
      sql: `ALTER TABLE ${c.table} ADD CONSTRAINT ${pg.escapeIdentifier(c.name)} ${c.definition}`,
    })),
  };
  for (const c of keys) {
    const name = pg.escapeIdentifier(c.name);
    const key = /^(PRIMARY KEY|UNIQUE) (\([^()]*\))$/.exec(c.definition);
    if (key && !c.partitioned) {
      restore.build.push({ table: c.table, sql: `CREATE UNIQUE INDEX ${name} ON ${c.table} ${key[2]}` });
      restore.keys.push({ table: c.table, sql: `ALTER TABLE ${c.table} ADD CONSTRAINT ${name} ${key[1]} USING INDEX ${name}` });
    } else restore.build.push({ table: c.table, sql: `ALTER TABLE ${c.table} ADD CONSTRAINT ${name} ${c.definition}`, key: true });
  }
  // A partitioned table's index is defined ON ONLY the parent; rebuilt on the parent, it covers every partition.
  for (const i of indexes) restore.build.push({ table: i.table, sql: i.definition.replace(' ON ONLY ', ' ON ') });
  return restore;
}

/** The builds, the largest table's first, a GIN index and then its key first of its table. */
async function largestFirst(client: pg.Client, build: Restore['build']): Promise<string[]> {
  const { rows } = await client.query<{ table: string; bytes: string }>(
    `SELECT t AS table, (SELECT sum(pg_total_relation_size(relid)) FROM pg_partition_tree(t::regclass)) AS bytes FROM unnest($1::text[]) t`,
    [[...new Set(build.map((b) => b.table))]],
  );
  const bytes = new Map(rows.map((r) => [r.table, Number(r.bytes)]));
  const priority = (b: Restore['build'][number]) => (/ USING gin /i.test(b.sql) ? 2 : b.key ? 1 : 0);
  return [...build].sort((a, b) => bytes.get(b.table)! - bytes.get(a.table)! || priority(b) - priority(a)).map((b) => b.sql);
}

/**
 * The link that ends every article's content, to `href` (an SQL expression). The search vector's text is the content's
 * with every tag replaced by a space, so the link's address never reaches it: each body's vector is computed once, in
 * the pool, with an empty address, and an article's is its title's and its body's joined, the value the column's
 * trigger (`article_search_vector`) would compute for the row (`seed.test.ts` compares them).
 */
const READ_MORE = (href: string) => `'<p><a href="' || ${href} || '">Read more</a></p>'`;

/** Statement `make(part)` for each of the connections, each doing its share (`part` of CONNECTIONS) of the rows. */
const split = (make: (part: number) => string) => Array.from({ length: CONNECTIONS }, (_, part) => make(part));

/**
 * Drops a counter's statement trigger for a bulk load, its definition kept in `bench.trigger_<name>`: a disabled
 * trigger still has its transition table kept, every inserted row until the statement ends (tens of GB of
 * temporary files for the articles at 10m). `triggerOn` makes it again; the load fills the counter itself.
 */
function triggerOff(table: string, trigger: string): string {
  return `CREATE UNLOGGED TABLE bench.trigger_${trigger} AS
    SELECT pg_get_triggerdef(oid) AS definition FROM pg_trigger WHERE tgrelid = '"${table}"'::regclass AND tgname = '${trigger}';
    DROP TRIGGER ${trigger} ON "${table}";`;
}

function triggerOn(trigger: string): string {
  return `DO $$ BEGIN EXECUTE (SELECT definition FROM bench.trigger_${trigger}); END $$;
    DROP TABLE bench.trigger_${trigger};`;
}

function steps(plan: SeedPlan): Step[] {
  const words = vocabulary(plan.vocabulary);
  const sizes = feedSizes(plan);
  const N = plan.vocabulary;
  // A Zipf-like rank in 1..n: P(rank ≤ r) = ln r / ln n, so P(r) ≈ 1/r.
  const zipf = (n: number | string) => `floor(power(${n}::float8, random()))::int`;
  // A rank in 1..n with P(r) ∝ r^−s (s ≠ 1; the inverse of the continuous distribution's CDF).
  const power = (n: number, s: number) =>
    s === 1 ? zipf(n) : `floor(power(1 - random() * (1 - power(${n}::float8, ${1 - s})), ${1 / (1 - s)}))::int`;
  const ordinary = plan.users - plan.mainUsers;
  const digits = usernameDigits(plan);
  // Distinct article bodies: every run of 3, 4 or 5 consecutive paragraphs.
  const bodies = 3 * (plan.paragraphs - 4);
  return [
    {
      label: 'helpers',
      sql: `CREATE SCHEMA IF NOT EXISTS bench;
       DROP TABLE IF EXISTS bench.vocab, bench.paragraphs, bench.bodies, bench.titles, bench.feeds, bench.users, bench.article_keys, bench.anchor, bench.subs;
       CREATE OR REPLACE FUNCTION bench.uuid7(ts timestamptz) RETURNS uuid LANGUAGE sql VOLATILE AS $$
         SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) PLACING
           substring(int8send(floor(extract(epoch FROM ts) * 1000)::bigint) FROM 3) FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid
       $$;
       CREATE TABLE bench.anchor AS SELECT date_trunc('minute', now()) AS now;`,
    },
    {
      label: 'vocabulary',
      sql: `CREATE TABLE bench.vocab AS SELECT ordinality::int AS rank, word FROM unnest($1::text[]) WITH ORDINALITY word`,
      values: [words],
    },
    { label: 'vocabulary key', sql: `ALTER TABLE bench.vocab ADD PRIMARY KEY (rank)` },
    {
      // Paragraphs of 40–80 words (kept: comments and shares quote them).
      label: 'paragraph pool',
      sql: `CREATE UNLOGGED TABLE bench.paragraphs AS
       WITH draws AS (
         SELECT p, w, ${zipf(N)} AS r
         FROM generate_series(1, ${plan.paragraphs}) p, LATERAL generate_series(1, 40 + (random() * 40 + p * 0)::int) w)
       SELECT p AS id, upper(left(body, 1)) || substr(body, 2) || '.' AS body
       FROM (SELECT p, string_agg(v.word, ' ' ORDER BY w) AS body FROM draws JOIN bench.vocab v ON v.rank = greatest(draws.r, 1) GROUP BY p) x;
       ALTER TABLE bench.paragraphs ADD PRIMARY KEY (id);`,
    },
    {
      // An article's body is one of these: every run of 3–5 consecutive paragraphs (1–2 KB of HTML) and its text, put
      // together once rather than per article.
      label: 'body pool',
      sql: `CREATE UNLOGGED TABLE bench.bodies AS
       SELECT row_number() OVER ()::int AS id, '<p>' || array_to_string(runs.paragraphs, E'</p>\\n<p>') || '</p>' AS html,
              array_to_string(runs.paragraphs, ' ') AS text
       FROM (SELECT (ARRAY[body, lead(body, 1) OVER w, lead(body, 2) OVER w, lead(body, 3) OVER w, lead(body, 4) OVER w]) AS next, id
             FROM bench.paragraphs WINDOW w AS (ORDER BY id)) p
       CROSS JOIN LATERAL (SELECT p.next[1:count] AS paragraphs FROM generate_series(3, 5) count) runs
       WHERE p.id <= ${plan.paragraphs - 4};
       ALTER TABLE bench.bodies ADD PRIMARY KEY (id);
       CREATE UNLOGGED TABLE bench.body_vectors (id int, vector tsvector);`,
    },
    {
      // Each body's part of the search vector, once (see READ_MORE).
      label: 'body vectors',
      sql: split(
        (part) =>
          `INSERT INTO bench.body_vectors SELECT id, article_text_vector(html || ${READ_MORE("''")}) FROM bench.bodies WHERE id % ${CONNECTIONS} = ${part}`,
      ),
    },
    { label: 'body vectors key', sql: `ALTER TABLE bench.body_vectors ADD PRIMARY KEY (id)` },
    {
      // Titles use fewer function words: ranks from 40 on.
      label: 'title pool',
      sql: `CREATE UNLOGGED TABLE bench.titles AS
       WITH draws AS (
         SELECT t, w, 39 + ${zipf(N - 40)} AS r
         FROM generate_series(1, ${plan.titles}) t, LATERAL generate_series(1, 4 + (random() * 6 + t * 0)::int) w)
       SELECT id, title, article_title_vector(title) AS vector FROM (
       SELECT t AS id, upper(left(title, 1)) || substr(title, 2) AS title
       FROM (SELECT t, string_agg(v.word, ' ' ORDER BY w) AS title FROM draws JOIN bench.vocab v ON v.rank = greatest(draws.r, 1) GROUP BY t) x) t;
       ALTER TABLE bench.titles ADD PRIMARY KEY (id);`,
    },
    {
      label: 'users',
      sql: `CREATE UNLOGGED TABLE bench.users AS
       SELECT i AS idx, bench.uuid7(a.now - interval '800 days' + i * interval '1 hour') AS id,
              a.now - interval '800 days' + i * interval '1 hour' AS created_at,
              -- How fast the user reads: unread probability exp(-age/tau); 2% never catch up (a year).
              CASE WHEN i <= ${plan.mainUsers} AND ${plan.mainUsersBehind} THEN 365
                   WHEN i > ${plan.mainUsers} AND random() < 0.02 THEN 365 ELSE exp(ln(3) + random() * (ln(60) - ln(3))) END AS tau_days,
              0.005 + random() * 0.015 AS like_rate,
              CASE WHEN i <= ${plan.mainUsers} THEN ${plan.mainUserSubscriptions}
                   ELSE round(${plan.subscriptionsMin} * power(${plan.subscriptionsMax / plan.subscriptionsMin}::float8, power(random(), 2)))::int END AS subscriptions
       FROM generate_series(1, ${plan.users}) i, bench.anchor a;
       INSERT INTO "User" (id, username, email, "displayName", "passwordHash", "createdAt", "updatedAt")
       SELECT id, 'reader' || lpad(idx::text, ${digits}, '0'), 'reader' || lpad(idx::text, ${digits}, '0') || '@bench.example', 'Reader ' || idx,
              'bench-not-a-password-hash', created_at, created_at
       FROM bench.users;`,
    },
    {
      // Feed 0 is the large feed; feed i ≥ 1 has sizes[i - 1] articles and popularity rank i.
      label: 'feeds',
      sql: `CREATE UNLOGGED TABLE bench.feeds AS
       SELECT idx - 1 AS idx, bench.uuid7(a.now - interval '790 days' + idx * interval '1 minute') AS id, size
       FROM unnest($1::int[]) WITH ORDINALITY AS s(size, idx), bench.anchor a`,
      values: [[plan.largeFeedArticles, ...sizes]],
    },
    {
      label: 'feed rows',
      sql: `ALTER TABLE bench.feeds ADD PRIMARY KEY (idx);
       INSERT INTO "Feed" (id, url, title, description, "siteUrl", "lastFetchedAt", "nextFetchAt", "createdAt", "updatedAt")
       SELECT f.id, 'https://feed' || f.idx || '.bench.example/feed.xml',
              CASE WHEN f.idx = 0 THEN 'The Firehose' ELSE initcap(t.title) END,
              'Benchmark feed ' || f.idx, 'https://feed' || f.idx || '.bench.example/',
              a.now - interval '10 minutes', a.now + interval '50 minutes', a.now - interval '790 days', a.now
       FROM bench.feeds f JOIN bench.titles t ON t.id = 1 + f.idx % ${plan.titles}, bench.anchor a;`,
    },
    {
      // Published uniformly over the period; fetched (created, and so the UUIDv7 id) up to two hours later.
      label: 'article keys',
      sql: `CREATE UNLOGGED TABLE bench.article_keys AS
       SELECT *, bench.uuid7(created_at) AS id FROM (
         SELECT f.idx AS feed_idx, f.id AS feed_id, n, published_at, least(a.now, published_at + random() * interval '2 hours') AS created_at,
                1 + floor(random() * ${plan.titles})::int AS title_id, 1 + floor(random() * ${bodies})::int AS body_id
         FROM bench.feeds f CROSS JOIN LATERAL generate_series(1, f.size) n, bench.anchor a,
              LATERAL (SELECT a.now - random() * interval '${plan.days} days' + n * interval '0' AS published_at) p
         OFFSET 0) k;`,
    },
    {
      label: 'article keys index',
      sql: `CREATE INDEX ON bench.article_keys (created_at); CREATE UNIQUE INDEX ON bench.article_keys (feed_idx, n); ANALYZE bench.article_keys`,
    },
    {
      // The per-feed article counter's trigger keeps every inserted row in its transition table until the statement
      // ends: 2 KB bodies, tens of GB of temporary files at 10m (a disabled trigger still has them kept: it is dropped,
      // and made again from its saved definition after the load). The counts come from the keys.
      label: 'article counter off',
      sql: triggerOff('Article', 'article_counts_add'),
    },
    {
      // In arrival order, as a real instance's heap is: each connection inserts every other article of each feed in
      // order of arrival, so the two fill pages side by side, in arrival order to within a few pages. Only the keys
      // are sorted; title and body are looked up row by row in that order (sorting the joined rows spilled 23 GB of
      // 2 KB bodies to disk at 10m).
      label: 'articles',
      sql: split(
        (part) => `INSERT INTO "Article" (id, "feedId", guid, url, title, author, excerpt, content, "imageUrl", "publishedAt", "createdAt",
           "searchVector")
         SELECT k.id, k.feed_id, 'https://feed' || k.feed_idx || '.bench.example/' || k.n, 'https://feed' || k.feed_idx || '.bench.example/' || k.n,
                (SELECT t.title FROM bench.titles t WHERE t.id = k.title_id), CASE WHEN k.n % 2 = 0 THEN 'Reader ' || (k.n % 97) END,
                (SELECT left(b.text, 200) FROM bench.bodies b WHERE b.id = k.body_id),
                (SELECT b.html FROM bench.bodies b WHERE b.id = k.body_id) || ${READ_MORE("'https://feed' || k.feed_idx || '.bench.example/' || k.n")},
                CASE WHEN k.n % 3 = 0 THEN 'https://img.bench.example/' || k.n || '.jpg' END, k.published_at, k.created_at,
                (SELECT t.vector FROM bench.titles t WHERE t.id = k.title_id) || (SELECT v.vector FROM bench.body_vectors v WHERE v.id = k.body_id)
         FROM (SELECT * FROM bench.article_keys WHERE n % ${CONNECTIONS} = ${part} ORDER BY created_at OFFSET 0) k`,
      ),
    },
    {
      label: 'article counts',
      sql: `${triggerOn('article_counts_add')}
       INSERT INTO "FeedArticleCount" ("feedId", "count") SELECT feed_id, count(*) FROM bench.article_keys GROUP BY feed_id ORDER BY feed_id
       ON CONFLICT ("feedId") DO UPDATE SET "count" = EXCLUDED."count"`,
    },
    {
      // Each user's subscriptions: the first ones distinct of 4 times as many draws by popularity (so popular,
      // low-rank feeds are in most lists). The main users also subscribe to the large feed.
      label: 'subscriptions',
      sql: `CREATE UNLOGGED TABLE bench.subs AS
       SELECT user_idx, feed_idx FROM (
         SELECT user_idx, feed_idx, wanted, row_number() OVER (PARTITION BY user_idx ORDER BY min(draw)) AS k
         FROM (SELECT u.idx AS user_idx, u.subscriptions AS wanted, d AS draw, ${power(plan.feeds - 1, plan.popularityExponent)} + u.idx * 0 AS feed_idx
               FROM bench.users u, generate_series(1, 4 * u.subscriptions) d) draws
         WHERE feed_idx BETWEEN 1 AND ${plan.feeds - 1}
         GROUP BY user_idx, feed_idx, wanted) ranked
       WHERE k <= wanted
       UNION ALL SELECT idx, 0 FROM bench.users WHERE idx <= ${plan.mainUsers};
       ${
         plan.everyFeedSubscribed
           ? `INSERT INTO bench.subs SELECT ${plan.mainUsers} + 1 + floor(random() * ${ordinary})::int, f.idx FROM bench.feeds f
              WHERE f.idx > 0 AND NOT EXISTS (SELECT 1 FROM bench.subs s WHERE s.feed_idx = f.idx);`
           : ''
       }
       INSERT INTO "Folder" (id, "userId", name, "createdAt")
       SELECT bench.uuid7(u.created_at + k * interval '1 minute'), u.id, n.name, u.created_at + k * interval '1 minute'
       FROM bench.users u CROSS JOIN LATERAL (
         SELECT name, row_number() OVER (ORDER BY random() + u.idx * 0) AS k
         FROM unnest(ARRAY['News', 'Tech', 'Science', 'Blogs', 'Sports', 'Culture', 'Business', 'Design', 'Friends', 'Local', 'Podcasts', 'Later']) name) n
       WHERE n.k <= ${plan.foldersPerUser};
       CREATE TEMP TABLE user_folders AS
       SELECT f."userId", f.id, row_number() OVER (PARTITION BY f."userId" ORDER BY f.id) AS k FROM "Folder" f;
       INSERT INTO "Subscription" (id, "userId", "feedId", "folderId", title, "createdAt")
       SELECT bench.uuid7(u.created_at + interval '1 day'), u.id, f.id, uf.id,
              CASE WHEN random() < 0.05 THEN 'My ' || f.idx END, u.created_at + interval '1 day'
       FROM (SELECT *, CASE WHEN feed_idx = 0 THEN 1 WHEN random() < 0.7 THEN 1 + floor(random() * ${plan.foldersPerUser})::int END AS slot FROM bench.subs) s
       JOIN bench.users u ON u.idx = s.user_idx JOIN bench.feeds f ON f.idx = s.feed_idx
       LEFT JOIN user_folders uf ON uf."userId" = u.id AND uf.k = s.slot;`,
    },
    {
      label: 'unread rows index',
      sql: `CREATE INDEX ON bench.article_keys (feed_idx, published_at); ANALYZE bench.article_keys; ANALYZE bench.subs; ANALYZE bench.users`,
    },
    {
      // Unread with probability exp(-age/tau): old articles are read, recent ones mostly not. The main users
      // have all of the large feed unread. Inserted in article arrival order, as the rows arrive; each
      // connection takes every other user.
      label: 'unread rows',
      sql: split(
        (part) => `INSERT INTO "UnreadArticle" ("userId", "articleId", "feedId", "publishedAt")
         SELECT u.id, k.id, k.feed_id, k.published_at
         FROM bench.subs s JOIN bench.users u ON u.idx = s.user_idx, bench.anchor a,
              LATERAL (SELECT k.id, k.feed_id, k.published_at FROM bench.article_keys k
                       WHERE k.feed_idx = s.feed_idx AND (s.feed_idx = 0 OR k.published_at > a.now - u.tau_days * interval '5 days')) k
         WHERE s.user_idx % ${CONNECTIONS} = ${part}
           AND (s.feed_idx = 0 OR random() < exp(-extract(epoch FROM a.now - k.published_at) / 86400 / u.tau_days))
         ORDER BY k.id`,
      ),
    },
    {
      // Likes: 0.5–2% of what each user has read, per subscribed feed. Each article's like counter is filled from
      // them at the end (its trigger would keep every inserted like until the statement ends).
      label: 'likes',
      sql: `${triggerOff('LikedArticle', 'article_like_counts_add')}
       CREATE TEMP TABLE like_draws AS
       SELECT DISTINCT u.id AS user_id, s.feed_idx, 1 + floor(random() * f.size)::int AS n
       FROM bench.subs s JOIN bench.users u ON u.idx = s.user_idx JOIN bench.feeds f ON f.idx = s.feed_idx
       CROSS JOIN LATERAL generate_series(1, floor(f.size * u.like_rate + random())::int) g
       WHERE s.feed_idx <> 0;
       INSERT INTO "LikedArticle" ("userId", "articleId", "feedId", "publishedAt", "createdAt")
       SELECT d.user_id, k.id, k.feed_id, k.published_at, least(a.now, k.created_at + random() * interval '3 days')
       FROM like_draws d JOIN bench.article_keys k ON k.feed_idx = d.feed_idx AND k.n = d.n, bench.anchor a
       WHERE NOT EXISTS (SELECT 1 FROM "UnreadArticle" ua WHERE ua."userId" = d.user_id AND ua."articleId" = k.id)
       ORDER BY 5;
       ${triggerOn('article_like_counts_add')}
       INSERT INTO "ArticleLikeCount" ("articleId", "count") SELECT "articleId", count(*) FROM "LikedArticle" GROUP BY "articleId" ORDER BY "articleId"`,
    },
    {
      label: 'stars, comments, shares',
      sql: `INSERT INTO "StarredArticle" ("userId", "articleId", "feedId", "publishedAt", "createdAt")
       SELECT "userId", "articleId", "feedId", "publishedAt", "createdAt" FROM "LikedArticle" WHERE random() < 0.1;
       INSERT INTO "Comment" (id, "articleId", "userId", content, "createdAt", "updatedAt")
       SELECT bench.uuid7(c.at), l."articleId", l."userId", p.body, c.at, c.at
       FROM "LikedArticle" l CROSS JOIN LATERAL (SELECT l."createdAt" + random() * interval '1 hour' AS at) c
       JOIN bench.paragraphs p ON p.id = 1 + abs(hashtext(l."articleId"::text)) % ${plan.paragraphs - 1}
       WHERE random() < 0.06 ORDER BY c.at;
       INSERT INTO "Share" (id, "articleId", "userId", note, "isPublic", "createdAt", "updatedAt")
       SELECT bench.uuid7(c.at), l."articleId", l."userId", CASE WHEN random() < 0.5 THEN left(p.body, 120) END, random() < 0.4, c.at, c.at
       FROM "LikedArticle" l CROSS JOIN LATERAL (SELECT l."createdAt" + random() * interval '2 hours' AS at) c
       JOIN bench.paragraphs p ON p.id = 1 + abs(hashtext(l."userId"::text || l."articleId"::text)) % ${plan.paragraphs - 1}
       WHERE random() < 0.04 ORDER BY c.at;`,
    },
  ];
}
