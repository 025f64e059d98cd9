// Story matching cost at 1 M articles: on the reading benchmark's instance (npm run bench:reading seeds it), fills
// StoryKey for its million articles, then stores batches of new articles through the real storeNewArticles into
// feeds of the instance — some copies of a recent story by address, some by text, most new — each batch in a
// transaction that is rolled back, so the instance stays as it was. Prints per article the key computation (µs),
// the candidate statement (ms, p50/p95, and EXPLAIN (ANALYZE, BUFFERS) of one), the joins, and how many stored
// keys a text probe reads (those sharing a band, then those within the window). Figures: docs/performance.md.
// Run: npm run bench:story-cost [-- --refill | --all-bands]. Needs the seeded instance (npm run bench:reading once).
//   --refill     compute the StoryKey rows again (otherwise kept from an earlier run: bench.story_keys says so)
//   --all-bands  give every article its text key, as before text keys were kept for TEXT_KEY_DAYS only
//                (textKeyRetention.ts); without it, only the articles of the last TEXT_KEY_DAYS have one, as the
//                daily clean-up leaves them
// BENCH_STORY_BATCHES (200) batches of BENCH_STORY_BATCH_SIZE (10) articles; BENCH_READING_SCALE as for bench:reading.
//
// Texts: the seeded articles are 3–5 consecutive paragraphs of a pool of 60,000, so about 17 articles start with
// each paragraph and neighbours overlap: as texts they are copies of each other, not a realistic instance. Their
// keys are computed from English-like texts instead (benchStoryCost/englishLikeText.ts), one per article.
import { benchReadingName, seedPlan } from './benchReading/plan.ts';
import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { migrateJobQueue } from '../src/jobs/worker.ts';
import { Prisma } from '../src/generated/prisma/client.ts';
import type { NormalisedArticle } from '../src/ingest/normalise.ts';
import { createLogger } from '../src/logger.ts';
import { storeNewArticles } from '../src/domain/refresh/storeArticles.ts';
import { storyCandidateOf } from '../src/domain/stories/joinStories.ts';
import { storyKeys } from '../src/domain/stories/storyCandidate.ts';
import { STORY_WINDOW_MS } from '../src/domain/stories/textKey.ts';
import { keepsTextKey, TEXT_KEY_DAYS } from '../src/domain/stories/textKeyRetention.ts';
import { closeServices, createServices } from '../src/services.ts';
import { markerMatches, openBenchServer, readMarker } from './benchReading/database.ts';
import { loadAverage, machineLine } from './benchReading/machine.ts';
import { englishLikeTexts, random32 } from './benchStoryCost/englishLikeText.ts';

const args = new Set(process.argv.slice(2));
const refill = args.has('--refill');
const allBands = args.has('--all-bands');
const fillMode = allBands ? 'all bands' : `text keys of the last ${TEXT_KEY_DAYS} days`;
const scale = Number(process.env.BENCH_READING_SCALE ?? 1);
const batches = Number(process.env.BENCH_STORY_BATCHES ?? 200);
const batchSize = Number(process.env.BENCH_STORY_BATCH_SIZE ?? 10);
const FILL_BATCH = 2_000;
const log = createLogger('warn');
const print = (line = '') => console.log(line);
const textOf = englishLikeTexts();

/** A text per seeded article, from its id: the same on every run. */
const seedOf = (id: string) => Number.parseInt(id.replace(/-/g, '').slice(-8), 16);

class RolledBack extends Error {}

async function main() {
  const plan = seedPlan('1m', scale);
  const server = await openBenchServer(log);
  const name = benchReadingName('1m', scale);
  const databaseUrl = `${server.serverUrl}/${name}`;
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    print(`Tidings story matching cost on ${server.where}, database ${name}`);
    print(machineLine());
    const marker = await readMarker(databaseUrl);
    if (!markerMatches(marker, plan)) throw new Error(`${name} is not seeded at this scale: run npm run bench:reading first`);
    const applied = await migrateDatabase(databaseUrl, log);
    if (applied.length) print(`applied migrations ${applied.join(', ')}`);
    // The storing statement queues a full-text extraction job when a reader asks for full text: its queue must exist.
    await migrateJobQueue(databaseUrl);
    await client.connect();
    await fillStoryKeys(client);
    await probeCandidates(client);
    const services = createServices(loadConfig({ LOG_LEVEL: 'warn' }), databaseUrl, log);
    try {
      await measureStoring(client, services);
    } finally {
      await closeServices(services);
    }
  } finally {
    await client.end().catch(() => {});
    await server.close();
  }
}

/** StoryKey for every article, as storing would have written it, with the indexes built afterwards (bulk loading). */
async function fillStoryKeys(client: pg.Client) {
  await client.query(`CREATE TABLE IF NOT EXISTS bench.story_keys (filled_at timestamptz, seconds numeric, rows bigint, mode text)`);
  const { rows: done } = await client.query<{ rows: string; filled_at: Date; mode: string }>(
    `SELECT rows, filled_at, mode FROM bench.story_keys`,
  );
  if (done.length > 0 && done[0]!.mode === fillMode && !refill) {
    print(
      `StoryKey filled ${done[0]!.filled_at.toISOString()} (${Number(done[0]!.rows).toLocaleString('en')} rows, ${fillMode}); --refill computes it again`,
    );
    return;
  }
  const { rows: anchors } = await client.query<{ now: Date }>(`SELECT now FROM bench.anchor`);
  const anchor = anchors[0]!.now.getTime();
  const started = performance.now();
  const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'StoryKey' AND indexname <> 'StoryKey_pkey'`,
  );
  for (const index of indexes) await client.query(`DROP INDEX "${index.indexname}"`);
  await client.query(`TRUNCATE "StoryKey"`);
  let after = '00000000-0000-0000-0000-000000000000';
  let filled = 0;
  let keyMs = 0;
  for (;;) {
    const { rows } = await client.query<{ id: string; feedId: string; url: string | null; guid: string; title: string; publishedAt: Date }>(
      `SELECT id, "feedId", url, guid, title, "publishedAt" FROM "Article" WHERE id > $1 ORDER BY id LIMIT ${FILL_BATCH}`,
      [after],
    );
    if (rows.length === 0) break;
    const keyStart = performance.now();
    // The seeded guid is the article's address, as a permalink guid.
    const keys = rows.map((row) => {
      const key = storyKeys({ ...row, guidIsPermaLink: true, originalUrl: null, text: textOf(seedOf(row.id)) });
      return allBands || keepsTextKey(row.publishedAt, anchor) ? key : { ...key, text: null };
    });
    keyMs += performance.now() - keyStart;
    await client.query(
      `INSERT INTO "StoryKey" ("articleId", "feedId", "publishedAt", address, guid, signature, bands, shingles)
       SELECT id, "feedId", "publishedAt", address, guid, string_to_array(signature, ',')::int[], string_to_array(bands, ',')::int[], shingles
       FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[])
         AS k (id, "feedId", "publishedAt", address, guid, signature, bands, shingles)`,
      [
        rows.map((row) => row.id),
        rows.map((row) => row.feedId),
        rows.map((row) => row.publishedAt),
        keys.map((key) => key.address),
        keys.map((key) => key.guid),
        keys.map((key) => key.text?.signature.join(',') ?? ''),
        keys.map((key) => key.text?.bands.join(',') ?? ''),
        keys.map((key) => key.text?.shingleCount ?? 0),
      ],
    );
    filled += rows.length;
    after = rows.at(-1)!.id;
    if (filled % 100_000 === 0) print(`  ${filled.toLocaleString('en')} keys, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  const indexStart = performance.now();
  await client.query(`SET maintenance_work_mem = '512MB'`);
  for (const index of indexes) await client.query(index.indexdef);
  await client.query(`VACUUM ANALYZE "StoryKey"`);
  const seconds = (performance.now() - started) / 1000;
  await client.query(`DELETE FROM bench.story_keys`);
  await client.query(`INSERT INTO bench.story_keys VALUES (now(), $1, $2, $3)`, [seconds.toFixed(1), filled, fillMode]);
  print(
    `StoryKey filled (${fillMode}): ${filled.toLocaleString('en')} rows in ${seconds.toFixed(0)} s (keys ${(keyMs / 1000).toFixed(0)} s, ` +
      `indexes ${((performance.now() - indexStart) / 1000).toFixed(0)} s)`,
  );
}

/**
 * How many stored keys a text probe reads: for recent articles' keys, the rows of other feeds sharing a band with
 * it (what the GIN index hands the statement), and of those, the rows within the window (what it keeps).
 */
async function probeCandidates(client: pg.Client) {
  const { rows: sizes } = await client.query<{ table: string; index: string; keys: string; banded: string }>(`
    SELECT pg_size_pretty(pg_table_size('"StoryKey"')) AS table, pg_size_pretty(pg_relation_size('"StoryKey_bands_idx"')) AS index,
      (SELECT count(*) FROM "StoryKey") AS keys, (SELECT count(*) FROM "StoryKey" WHERE bands <> '{}') AS banded`);
  const size = sizes[0]!;
  print(
    `StoryKey: ${Number(size.keys).toLocaleString('en')} rows (${Number(size.banded).toLocaleString('en')} with bands), table ${size.table}, bands index ${size.index}`,
  );
  const windowSeconds = STORY_WINDOW_MS / 1000;
  const { rows } = await client.query<{ banded: number; inWindow: number; ms: number }>(`
    WITH probe AS (
      SELECT k."articleId", k."feedId", k."publishedAt", k.bands FROM "StoryKey" k
      WHERE k."publishedAt" > (SELECT now FROM bench.anchor) - interval '2 days' AND k.bands <> '{}'
      ORDER BY hashtext(k."articleId"::text) LIMIT 100)
    SELECT c.banded, c."inWindow" FROM probe p CROSS JOIN LATERAL (
      SELECT count(*)::int AS banded,
        count(*) FILTER (WHERE o."publishedAt" BETWEEN p."publishedAt" - make_interval(secs => ${windowSeconds}) AND p."publishedAt" + make_interval(secs => ${windowSeconds}))::int AS "inWindow"
      FROM "StoryKey" o WHERE o.bands && p.bands AND o."feedId" <> p."feedId" AND o."articleId" <> p."articleId") c`);
  const banded = rows.map((row) => row.banded).sort((a, b) => a - b);
  const inWindow = rows.map((row) => row.inWindow).sort((a, b) => a - b);
  print(
    `text probe of ${rows.length} recent keys: rows sharing a band p50 ${quantile(banded, 0.5)}, p95 ${quantile(banded, 0.95)}, max ${banded.at(-1)}; ` +
      `of them within the window p50 ${quantile(inWindow, 0.5)}, p95 ${quantile(inWindow, 0.95)}, max ${inWindow.at(-1)}`,
  );
}

type Timed = { kind: 'store' | 'candidates' | 'join' | 'other'; ms: number };

/** A client that times each statement storeNewArticles runs, by what it is. */
function timedClient(tx: Prisma.TransactionClient, timings: Timed[], lastCandidates: { sql?: Prisma.Sql }) {
  const kindOf = (text: string): Timed['kind'] =>
    text.includes('INSERT INTO "Article"')
      ? 'store'
      : text.includes('CROSS JOIN LATERAL')
        ? 'candidates'
        : text.includes('joining AS')
          ? 'join'
          : 'other';
  const wrap =
    <T>(run: (sql: Prisma.Sql) => Promise<T>) =>
    async (strings: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<T> => {
      // A tagged template, or a statement built with Prisma.sql as queryRows sends it inside a transaction.
      const sql = strings instanceof Prisma.Sql ? strings : new Prisma.Sql(strings, values as Prisma.Sql[]);
      const kind = kindOf(sql.sql);
      if (kind === 'candidates') lastCandidates.sql = sql;
      const started = performance.now();
      const result = await run(sql);
      timings.push({ kind, ms: performance.now() - started });
      return result;
    };
  return {
    $queryRaw: wrap((sql) => tx.$queryRaw(sql)),
    $executeRaw: wrap((sql) => tx.$executeRaw(sql)),
  } as unknown as Pick<Prisma.TransactionClient, '$queryRaw' | '$executeRaw'>;
}

async function measureStoring(client: pg.Client, services: ReturnType<typeof createServices>) {
  const { rows: feeds } = await client.query<{ id: string }>(`SELECT id FROM "Feed" ORDER BY hashtext(id::text) LIMIT ${batches}`);
  // Recent articles of the instance that new ones copy: by address (another feed's link with tracking tags) or by
  // text (an agency's dateline before the same text).
  const { rows: recent } = await client.query<{ id: string; feedId: string; url: string; publishedAt: Date }>(`
    SELECT a.id, a."feedId", a.url, a."publishedAt" FROM "Article" a
    WHERE a."publishedAt" > (SELECT now FROM bench.anchor) - interval '1 day'
    ORDER BY hashtext(a.id::text) LIMIT ${2 * batches}`);
  const { rows: anchors } = await client.query<{ now: Date }>(`SELECT now FROM bench.anchor`);
  const anchor = anchors[0]!.now.getTime();
  const random = random32(42);
  const keyMicros: number[] = [];
  const candidateMs: number[] = [];
  const joinMs: number[] = [];
  const storeMs: number[] = [];
  const joins = { address: { expected: 0, joined: 0 }, text: { expected: 0, joined: 0 } };
  let explained = '';
  for (const [index, feed] of feeds.entries()) {
    const articles: NormalisedArticle[] = Array.from({ length: batchSize }, (_, i) => {
      const n = index * batchSize + i;
      const byAddress = i === 0 ? recent[2 * index] : undefined;
      const byText = i === 1 ? recent[2 * index + 1] : undefined;
      const text = byText ? `LONDON (Agency) — ${textOf(seedOf(byText.id))}` : textOf(0x5eed0000 + n);
      const url = byAddress
        ? `${byAddress.url.replace('https://', 'http://www.')}?utm_source=rss&utm_medium=feed`
        : `https://new${index}.bench.example/story/${n}`;
      return {
        guid: `bench-story-cost-${n}`,
        guidIsPermaLink: false,
        url,
        originalUrl: null,
        title: `Story ${n}`,
        author: null,
        excerpt: text.slice(0, 200),
        content: `<p>${text}</p>`,
        contentText: text,
        imageUrl: null,
        enclosures: [],
        commentsUrl: null,
        publishedAt: new Date((byAddress ?? byText)?.publishedAt.getTime() ?? anchor - random() * 6 * 3_600_000),
        dated: true,
      };
    });
    for (const article of articles) {
      const started = performance.now();
      storyKeys(storyCandidateOf(feed.id, article));
      keyMicros.push((performance.now() - started) * 1000);
    }
    const copies = articles.slice(0, 2).map((article, i) => ({ article, kind: i === 0 ? ('address' as const) : ('text' as const) }));
    for (const copy of copies) joins[copy.kind].expected++;
    const timings: Timed[] = [];
    const lastCandidates: { sql?: Prisma.Sql } = {};
    try {
      await services.db.$transaction(
        async (tx) => {
          await storeNewArticles(timedClient(tx, timings, lastCandidates), feed.id, articles);
          const stored = await tx.article.findMany({
            where: { feedId: feed.id, guid: { in: copies.map((copy) => copy.article.guid) } },
            select: { guid: true, storyId: true },
          });
          for (const [i, copy] of copies.entries()) {
            if (stored.some((row) => row.guid === copy.article.guid && row.storyId !== null)) joins[copy.kind].joined++;
            else if (process.env.BENCH_STORY_DEBUG) print(`missed ${copy.kind} copy of ${recent[2 * index + i]?.id} in feed ${feed.id}`);
          }
          if (index === Math.floor(feeds.length / 2) && lastCandidates.sql) {
            const plan = await tx.$queryRaw<{ 'QUERY PLAN': string }[]>(
              new Prisma.Sql(['EXPLAIN (ANALYZE, BUFFERS) ', ''], [lastCandidates.sql]),
            );
            explained = plan.map((row) => row['QUERY PLAN']).join('\n');
          }
          throw new RolledBack();
        },
        { timeout: 60_000 },
      );
    } catch (error) {
      if (!(error instanceof RolledBack)) throw error;
    }
    for (const timing of timings) {
      if (timing.kind === 'candidates') candidateMs.push(timing.ms);
      else if (timing.kind === 'join') joinMs.push(timing.ms);
      else if (timing.kind === 'store') storeMs.push(timing.ms);
    }
  }
  const summary = (values: number[], digits = 2) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `p50 ${quantile(sorted, 0.5).toFixed(digits)}, p95 ${quantile(sorted, 0.95).toFixed(digits)}, max ${(sorted.at(-1) ?? 0).toFixed(digits)}`;
  };
  print();
  print(
    `${feeds.length} batches of ${batchSize} articles (one copy by address, one by text, the rest new), each rolled back; load average ${loadAverage()}`,
  );
  print(`  key computation per article:        ${summary(keyMicros, 0)} µs`);
  print(`  storing statement per batch:        ${summary(storeMs)} ms (the insert, unread rows and keys; not matching)`);
  print(
    `  candidate statement per batch:      ${summary(candidateMs)} ms; per article ${summary(candidateMs.map((ms) => ms / batchSize))} ms`,
  );
  print(`  join statement per joining copy:    ${summary(joinMs)} ms`);
  print(
    `  copies that joined their story:     by address ${joins.address.joined} of ${joins.address.expected}, by text ${joins.text.joined} of ${joins.text.expected}`,
  );
  print();
  print('EXPLAIN (ANALYZE, BUFFERS) of the candidate statement of one batch:');
  print(explained);
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
