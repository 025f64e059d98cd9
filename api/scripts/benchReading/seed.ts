// Seeds the reading benchmark's instance with set-based SQL (generate_series, INSERT … SELECT): users, feeds
// of skewed sizes, a million articles with Zipf-distributed text, subscriptions skewed towards popular feeds,
// folders, unread rows whose probability falls with age, likes, stars, comments and shares. Secondary
// indexes, keys and foreign keys of the filled tables are dropped first and rebuilt from their own
// definitions afterwards (bulk loading's usual order), so the result is exactly the migrated schema.
import pg from 'pg';
import { vocabulary } from './vocabulary.ts';

/** The instance's shape; `scale` shrinks everything proportionally (BENCH_READING_SCALE, for trying the script). */
export type SeedPlan = {
  users: number;
  feeds: number;
  articles: number;
  /** Articles of the one large feed that the main users subscribe to with everything unread. */
  largeFeedArticles: number;
  subscriptionsPerUser: number;
  foldersPerUser: number;
  /** The first `mainUsers` users also subscribe to the large feed, all of it unread. */
  mainUsers: number;
  vocabulary: number;
  days: number;
};

export const SEED_VERSION = 1;

export function seedPlan(scale: number): SeedPlan {
  const at = (n: number, min: number) => Math.max(min, Math.round(n * scale));
  return {
    users: at(1000, 20),
    feeds: at(10_000, 200),
    articles: at(1_000_000, 20_000),
    largeFeedArticles: at(100_000, 2_000),
    subscriptionsPerUser: 100,
    foldersPerUser: 5,
    mainUsers: 10,
    vocabulary: 50_000,
    days: 730,
  };
}

/**
 * Article counts of the ordinary feeds (all but the large one): rank i gets about i^-0.8 of the total, so
 * most feeds hold a few dozen articles and a handful several thousand. Rank 1 is also the most popular.
 */
export function feedSizes(plan: SeedPlan): number[] {
  const feeds = plan.feeds - 1;
  const total = plan.articles - plan.largeFeedArticles;
  const weights = Array.from({ length: feeds }, (_, i) => (i + 1) ** -0.8);
  const sum = weights.reduce((a, b) => a + b, 0);
  const sizes = weights.map((w) => Math.max(1, Math.round((w / sum) * total)));
  sizes[0]! += total - sizes.reduce((a, b) => a + b, 0);
  return sizes;
}

type Step = [label: string, sql: string, values?: unknown[]];

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

export async function seed(databaseUrl: string, plan: SeedPlan, log: (line: string) => void): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const run = async ([label, sql, values]: Step) => {
    const started = performance.now();
    const result = await client.query(sql, values);
    const rows = Array.isArray(result) ? '' : result.rowCount ? ` (${result.rowCount.toLocaleString('en')} rows)` : '';
    log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s${rows}`);
  };
  try {
    await client.query(`SET synchronous_commit = off; SET work_mem = '256MB'; SET maintenance_work_mem = '1GB';
      SET max_parallel_maintenance_workers = 1; SET jit = off`);
    const restore = await dropKeysAndIndexes(client);
    for (const step of steps(plan)) await run(step);
    log('  rebuilding keys, indexes and foreign keys …');
    for (const [i, statement] of restore.entries()) await run([`rebuild ${i + 1}/${restore.length}`, statement]);
    await run(['drop helper tables', 'DROP TABLE bench.article_keys, bench.paragraphs, bench.titles, bench.feeds, bench.users']);
    await client.query('RESET ALL');
  } finally {
    await client.end();
  }
}

/** Drops the filled tables' foreign keys, keys and indexes; answers the statements that rebuild them, in order. */
async function dropKeysAndIndexes(client: pg.Client): Promise<string[]> {
  const tables = SEEDED_TABLES.map((t) => `'"${t}"'::regclass`).join(', ');
  const { rows: constraints } = await client.query<{ table: string; name: string; contype: string; definition: string }>(`
    SELECT conrelid::regclass::text AS table, conname AS name, contype, pg_get_constraintdef(oid) AS definition
    FROM pg_constraint
    WHERE contype IN ('p', 'u', 'f') AND (conrelid IN (${tables}) OR confrelid IN (${tables}))
      AND (contype = 'f' OR conrelid IN (${tables})) AND conparentid = 0`);
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(`
    SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
    FROM pg_index i
    WHERE i.indrelid IN (${tables}) AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.contype IN ('p', 'u'))`);
  const foreign = constraints.filter((c) => c.contype === 'f');
  const keys = constraints.filter((c) => c.contype !== 'f');
  for (const c of [...foreign, ...keys]) await client.query(`ALTER TABLE ${c.table} DROP CONSTRAINT ${pg.escapeIdentifier(c.name)}`);
  for (const i of indexes) await client.query(`DROP INDEX ${i.name}`);
  return [
    ...keys.map((c) => `ALTER TABLE ${c.table} ADD CONSTRAINT ${pg.escapeIdentifier(c.name)} ${c.definition}`),
    // A partitioned table's index is defined ON ONLY the parent; rebuilt on the parent, it covers every partition.
    ...indexes.map((i) => i.definition.replace(' ON ONLY ', ' ON ')),
    ...foreign.map((c) => `ALTER TABLE ${c.table} ADD CONSTRAINT ${pg.escapeIdentifier(c.name)} ${c.definition}`),
  ];
}

function steps(plan: SeedPlan): Step[] {
  const words = vocabulary(plan.vocabulary);
  const sizes = feedSizes(plan);
  const N = plan.vocabulary;
  // A Zipf-like rank in 1..n: P(rank ≤ r) = ln r / ln n, so P(r) ≈ 1/r.
  const zipf = (n: number | string) => `floor(power(${n}::float8, random()))::int`;
  return [
    [
      'helpers',
      `CREATE SCHEMA IF NOT EXISTS bench;
       DROP TABLE IF EXISTS bench.vocab, bench.paragraphs, bench.titles, bench.feeds, bench.users, bench.article_keys, bench.anchor;
       CREATE OR REPLACE FUNCTION bench.uuid7(ts timestamptz) RETURNS uuid LANGUAGE sql VOLATILE AS $$
         SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) PLACING
           substring(int8send(floor(extract(epoch FROM ts) * 1000)::bigint) FROM 3) FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid
       $$;
       CREATE TABLE bench.anchor AS SELECT date_trunc('minute', now()) AS now;`,
    ],
    [
      'vocabulary',
      `CREATE TABLE bench.vocab AS SELECT ordinality::int AS rank, word FROM unnest($1::text[]) WITH ORDINALITY word`,
      [words],
    ],
    ['vocabulary key', `ALTER TABLE bench.vocab ADD PRIMARY KEY (rank)`],
    [
      // 60,000 paragraphs of 40–80 words; an article is 3–5 consecutive ones (1–2 KB of HTML).
      'paragraph pool',
      `CREATE TABLE bench.paragraphs AS
       WITH draws AS (
         SELECT p, w, ${zipf(N)} AS r
         FROM generate_series(1, 60000) p, LATERAL generate_series(1, 40 + (random() * 40 + p * 0)::int) w)
       SELECT p AS id, upper(left(body, 1)) || substr(body, 2) || '.' AS body
       FROM (SELECT p, string_agg(v.word, ' ' ORDER BY w) AS body FROM draws JOIN bench.vocab v ON v.rank = greatest(draws.r, 1) GROUP BY p) x;
       ALTER TABLE bench.paragraphs ADD PRIMARY KEY (id);`,
    ],
    [
      // Titles use fewer function words: ranks from 40 on.
      'title pool',
      `CREATE TABLE bench.titles AS
       WITH draws AS (
         SELECT t, w, 39 + ${zipf(N - 40)} AS r
         FROM generate_series(1, 100000) t, LATERAL generate_series(1, 4 + (random() * 6 + t * 0)::int) w)
       SELECT t AS id, upper(left(title, 1)) || substr(title, 2) AS title
       FROM (SELECT t, string_agg(v.word, ' ' ORDER BY w) AS title FROM draws JOIN bench.vocab v ON v.rank = greatest(draws.r, 1) GROUP BY t) x;
       ALTER TABLE bench.titles ADD PRIMARY KEY (id);`,
    ],
    [
      'users',
      `CREATE TABLE bench.users AS
       SELECT i AS idx, bench.uuid7(a.now - interval '800 days' + i * interval '1 hour') AS id,
              a.now - interval '800 days' + i * interval '1 hour' AS created_at,
              -- How fast the user reads: unread probability exp(-age/tau); 2% never catch up (a year).
              CASE WHEN i > ${plan.mainUsers} AND random() < 0.02 THEN 365 ELSE exp(ln(3) + random() * (ln(60) - ln(3))) END AS tau_days,
              0.005 + random() * 0.015 AS like_rate
       FROM generate_series(1, ${plan.users}) i, bench.anchor a;
       INSERT INTO "User" (id, username, email, "displayName", "passwordHash", "createdAt", "updatedAt")
       SELECT id, 'reader' || lpad(idx::text, 4, '0'), 'reader' || lpad(idx::text, 4, '0') || '@bench.example', 'Reader ' || idx,
              'bench-not-a-password-hash', created_at, created_at
       FROM bench.users;`,
    ],
    [
      // Feed 0 is the large feed; feed i ≥ 1 has sizes[i - 1] articles and popularity rank i.
      'feeds',
      `CREATE TABLE bench.feeds AS
       SELECT idx - 1 AS idx, bench.uuid7(a.now - interval '790 days' + idx * interval '1 minute') AS id, size
       FROM unnest($1::int[]) WITH ORDINALITY AS s(size, idx), bench.anchor a`,
      [[plan.largeFeedArticles, ...sizes]],
    ],
    [
      'feed rows',
      `ALTER TABLE bench.feeds ADD PRIMARY KEY (idx);
       INSERT INTO "Feed" (id, url, title, description, "siteUrl", "lastFetchedAt", "nextFetchAt", "createdAt", "updatedAt")
       SELECT f.id, 'https://feed' || f.idx || '.bench.example/feed.xml',
              CASE WHEN f.idx = 0 THEN 'The Firehose' ELSE initcap(t.title) END,
              'Benchmark feed ' || f.idx, 'https://feed' || f.idx || '.bench.example/',
              a.now - interval '10 minutes', a.now + interval '50 minutes', a.now - interval '790 days', a.now
       FROM bench.feeds f JOIN bench.titles t ON t.id = 1 + f.idx % 100000, bench.anchor a;`,
    ],
    [
      // Published uniformly over the period; fetched (created, and so the UUIDv7 id) up to two hours later.
      'article keys',
      `CREATE TABLE bench.article_keys AS
       SELECT *, bench.uuid7(created_at) AS id FROM (
         SELECT f.idx AS feed_idx, f.id AS feed_id, n, published_at, least(a.now, published_at + random() * interval '2 hours') AS created_at,
                1 + floor(random() * 100000)::int AS title_id, 1 + floor(random() * 59996)::int AS para_start, 3 + floor(random() * 3)::int AS para_count
         FROM bench.feeds f CROSS JOIN LATERAL generate_series(1, f.size) n, bench.anchor a,
              LATERAL (SELECT a.now - random() * interval '${plan.days} days' + n * interval '0' AS published_at) p
         OFFSET 0) k;`,
    ],
    ['article keys index', `CREATE INDEX ON bench.article_keys (created_at); CREATE UNIQUE INDEX ON bench.article_keys (feed_idx, n)`],
    [
      // In arrival order, as a real instance's heap is.
      'articles',
      `INSERT INTO "Article" (id, "feedId", guid, url, title, author, excerpt, content, "imageUrl", "publishedAt", "createdAt")
       SELECT k.id, k.feed_id, 'https://feed' || k.feed_idx || '.bench.example/' || k.n, 'https://feed' || k.feed_idx || '.bench.example/' || k.n,
              t.title, CASE WHEN k.n % 2 = 0 THEN 'Reader ' || (k.n % 97) END, left(p.text, 200), p.html,
              CASE WHEN k.n % 3 = 0 THEN 'https://img.bench.example/' || k.n || '.jpg' END, k.published_at, k.created_at
       FROM bench.article_keys k
       JOIN bench.titles t ON t.id = k.title_id
       CROSS JOIN LATERAL (
         SELECT string_agg('<p>' || g.body || '</p>', E'\\n' ORDER BY g.id) || '<p><a href="https://feed' || k.feed_idx || '.bench.example/' || k.n || '">Read more</a></p>' AS html,
                string_agg(g.body, ' ' ORDER BY g.id) AS text
         FROM bench.paragraphs g WHERE g.id BETWEEN k.para_start AND k.para_start + k.para_count - 1) p
       ORDER BY k.created_at`,
    ],
    [
      // ~100 distinct feeds per user, weighted towards popular (low-rank) feeds: the first 100 distinct of 400
      // Zipf draws. The main users also subscribe to the large feed.
      'subscriptions',
      `CREATE TEMP TABLE subs AS
       SELECT user_idx, feed_idx FROM (
         SELECT user_idx, feed_idx, row_number() OVER (PARTITION BY user_idx ORDER BY min(draw)) AS k
         FROM (SELECT u.idx AS user_idx, d AS draw, ${zipf(plan.feeds - 1)} + u.idx * 0 AS feed_idx
               FROM bench.users u, generate_series(1, 400) d) draws
         WHERE feed_idx BETWEEN 1 AND ${plan.feeds - 1}
         GROUP BY user_idx, feed_idx) ranked
       WHERE k <= ${plan.subscriptionsPerUser}
       UNION ALL SELECT idx, 0 FROM bench.users WHERE idx <= ${plan.mainUsers};
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
       FROM (SELECT *, CASE WHEN feed_idx = 0 THEN 1 WHEN random() < 0.7 THEN 1 + floor(random() * ${plan.foldersPerUser})::int END AS slot FROM subs) s
       JOIN bench.users u ON u.idx = s.user_idx JOIN bench.feeds f ON f.idx = s.feed_idx
       LEFT JOIN user_folders uf ON uf."userId" = u.id AND uf.k = s.slot;`,
    ],
    [
      // Unread with probability exp(-age/tau): old articles are read, recent ones mostly not. The main users
      // have all of the large feed unread. Inserted in article arrival order, as the rows arrive.
      'unread rows',
      `CREATE INDEX ON bench.article_keys (feed_idx, published_at);
       ANALYZE bench.article_keys;
       INSERT INTO "UnreadArticle" ("userId", "articleId", "feedId", "publishedAt")
       SELECT u.id, k.id, k.feed_id, k.published_at
       FROM subs s JOIN bench.users u ON u.idx = s.user_idx, bench.anchor a,
            LATERAL (SELECT k.id, k.feed_id, k.published_at FROM bench.article_keys k
                     WHERE k.feed_idx = s.feed_idx AND (s.feed_idx = 0 OR k.published_at > a.now - u.tau_days * interval '5 days')) k
       WHERE s.feed_idx = 0 OR random() < exp(-extract(epoch FROM a.now - k.published_at) / 86400 / u.tau_days)
       ORDER BY k.id`,
    ],
    [
      // Likes: 0.5–2% of what each user has read, per subscribed feed.
      'likes',
      `CREATE TEMP TABLE like_draws AS
       SELECT DISTINCT u.id AS user_id, s.feed_idx, 1 + floor(random() * f.size)::int AS n
       FROM subs s JOIN bench.users u ON u.idx = s.user_idx JOIN bench.feeds f ON f.idx = s.feed_idx
       CROSS JOIN LATERAL generate_series(1, floor(f.size * u.like_rate + random())::int) g
       WHERE s.feed_idx <> 0;
       INSERT INTO "LikedArticle" ("userId", "articleId", "publishedAt", "createdAt")
       SELECT d.user_id, k.id, k.published_at, least(a.now, k.created_at + random() * interval '3 days')
       FROM like_draws d JOIN bench.article_keys k ON k.feed_idx = d.feed_idx AND k.n = d.n, bench.anchor a
       WHERE NOT EXISTS (SELECT 1 FROM "UnreadArticle" ua WHERE ua."userId" = d.user_id AND ua."articleId" = k.id)
       ORDER BY 4`,
    ],
    [
      'stars, comments, shares',
      `INSERT INTO "StarredArticle" ("userId", "articleId", "publishedAt", "createdAt")
       SELECT "userId", "articleId", "publishedAt", "createdAt" FROM "LikedArticle" WHERE random() < 0.1;
       INSERT INTO "Comment" (id, "articleId", "userId", content, "createdAt", "updatedAt")
       SELECT bench.uuid7(c.at), l."articleId", l."userId", p.body, c.at, c.at
       FROM "LikedArticle" l CROSS JOIN LATERAL (SELECT l."createdAt" + random() * interval '1 hour' AS at) c
       JOIN bench.paragraphs p ON p.id = 1 + abs(hashtext(l."articleId"::text)) % 59999
       WHERE random() < 0.06 ORDER BY c.at;
       INSERT INTO "Share" (id, "articleId", "userId", note, "isPublic", "createdAt", "updatedAt")
       SELECT bench.uuid7(c.at), l."articleId", l."userId", CASE WHEN random() < 0.5 THEN left(p.body, 120) END, random() < 0.4, c.at, c.at
       FROM "LikedArticle" l CROSS JOIN LATERAL (SELECT l."createdAt" + random() * interval '2 hours' AS at) c
       JOIN bench.paragraphs p ON p.id = 1 + abs(hashtext(l."userId"::text || l."articleId"::text)) % 59999
       WHERE random() < 0.04 ORDER BY c.at;`,
    ],
  ];
}
