// Reading benchmark: a seeded instance — `--scale 1m` (the default, the everyday one): 1,000 users, 10,000 feeds and
// 1,000,000 articles, 100 subscriptions each; `--scale 10m` (issue 47): 10,000 users with 50–500 subscriptions among
// 100,000 feeds of skewed popularity, 10,000,000 articles (benchReading/plan.ts) — with unread, liked, starred,
// comment and share rows, then p50/p95/p99 server time of the article lists (first page, deep pages, counts), of the
// article view, mark-read and mark-all-read, of the sidebar's unread counts and of lists while retention deletes,
// through the real domain functions, and EXPLAIN (ANALYZE, BUFFERS) of the slowest statements. A few ordinary users
// also get 20 filter rules (some save theirs one by one through createRule, each save timed; the others in one
// changeRules), 100 people followed of whom 10 muted, and 2 muted feeds (benchReading/rules.ts, once per seeded
// instance: about 20 minutes at 1m); their article lists and Circle view are measured as the `rules ·` cases (issue 43).
// Run: npm run bench:reading [-- --scale 1m|10m] [--reuse | --reseed | --seed-only | --counts-only | --rules-only | --lists-only]
// [--drop]. Uses the database benchReadingName(scale) (tidings_bench_reading at 1m, tidings_bench_reading_10m) on
// DATABASE_URL's server when set, else an embedded PostgreSQL kept in ./data/bench-reading. Figures: docs/performance.md
//   --reuse   keep the seeded database when its marker says it holds this scale (BENCH_READING_REUSE=1 too)
//   --reseed  seed again even with --reuse
//   --seed-only    seed (or find the seeded instance), print its sizes and stop
//   --counts-only  measure only the sidebar's unread counts (minutes instead of half an hour)
//   --rules-only   measure only the rule users' cases (lists and Circle view)
//   --lists-only   measure only the article lists (BENCH_READING_SHAPES=text: only the shapes whose name holds it)
//   --drop    drop the database at the end (a 10m instance takes tens of GB)
// BENCH_READING_SAMPLES (200) samples per case, BENCH_READING_BUDGET (90) seconds per list shape at most,
// BENCH_READING_SCALE (1) shrinks the instance to try the script quickly (its own database). BENCH_READING_RULE_USERS
// (10 at 1m, 4 at 10m) how many users get rules when the instance has none yet, BENCH_READING_RULE_TIMED (2 at 1m,
// 1 at 10m) how many of them save their 20 rules one by one through createRule (timed; minutes per user) rather than
// in one change. BENCH_READING_RETENTION_SECONDS (60) how long lists are measured quiet and then while retention
// deletes (0: not at all; each run deletes that long's worth of the instance's oldest articles).
// BENCH_READING_PENDING (250, half of the 2 MB list) how many articles' entries the search index's pending list holds while the lists are
// measured (benchReading/pendingList.ts; 0: an empty list, as the seed leaves it).
import { loadConfig } from '../src/config.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { createLogger } from '../src/logger.ts';
import { closeServices, createServices } from '../src/services.ts';
import { type Marker, openBenchServer, markerMatches, readMarker, seedDatabase, table, tableSizes } from './benchReading/database.ts';
import { loadAverage, machineLine } from './benchReading/machine.ts';
import { unreadCountsSql } from '../src/domain/articles/unreadCounts.ts';
import { captureStatements, countSql, explain, inline, markAllSql, pageSql } from './benchReading/explain.ts';
import { type CaseResult, measureLists, measureMarkAllRead, measureUnreadCounts, screenCount, summarize } from './benchReading/measure.ts';
import { readRulesMarker, saveSummary, setUpRules } from './benchReading/rules.ts';
import { measureRuleCircle, measureRuleLists } from './benchReading/rulesMeasure.ts';
import { benchReadingName, PLAN_NAMES, type PlanName, seedPlan } from './benchReading/plan.ts';
import { measureArticleActions } from './benchReading/articleMeasure.ts';
import { PENDING_ARTICLES, withSearchPendingList } from './benchReading/pendingList.ts';
import { measureListsDuringRetention, RETENTION_DAYS, retentionDeletedBefore } from './benchReading/retentionMeasure.ts';
import { dropDatabase } from '../test/scratchServer.ts';
import { articleQuery } from '../src/domain/articles/articleQuery.ts';
import { listArticles } from '../src/domain/articles/listArticles.ts';
import type { Services } from '../src/domain/core/services.ts';
import pg from 'pg';

const argv = process.argv.slice(2);
const args = new Set(argv);
const scaleArgument =
  argv.find((a) => a.startsWith('--scale='))?.slice('--scale='.length) ?? (args.has('--scale') ? argv[argv.indexOf('--scale') + 1] : '1m');
if (!PLAN_NAMES.includes(scaleArgument as PlanName))
  throw new Error(`--scale must be one of ${PLAN_NAMES.join(', ')}, not ${scaleArgument}`);
const planName = scaleArgument as PlanName;
const seedOnly = args.has('--seed-only');
const dropAtEnd = args.has('--drop');
const reuse = args.has('--reuse') || process.env.BENCH_READING_REUSE === '1';
const reseed = args.has('--reseed');
const countsOnly = args.has('--counts-only');
const rulesOnly = args.has('--rules-only');
const listsOnly = args.has('--lists-only');
// At 10m each rule user's setup re-applies the rules over more articles: fewer users, one of them timed.
const ruleUserCount = Number(process.env.BENCH_READING_RULE_USERS ?? (planName === '1m' ? 10 : 4));
const timedRuleUsers = Number(process.env.BENCH_READING_RULE_TIMED ?? (planName === '1m' ? 2 : 1));
const retentionSeconds = Number(process.env.BENCH_READING_RETENTION_SECONDS ?? 60);
const scale = Number(process.env.BENCH_READING_SCALE ?? 1);
const samples = Number(process.env.BENCH_READING_SAMPLES ?? 200);
const budgetSeconds = Number(process.env.BENCH_READING_BUDGET ?? 90);
const explainCount = Number(process.env.BENCH_READING_EXPLAIN ?? 6);
const log = createLogger('warn');
const print = (line = '') => console.log(line);
const load = loadAverage;

async function main() {
  const plan = seedPlan(planName, scale);
  const server = await openBenchServer(log);
  const name = benchReadingName(planName, scale);
  const databaseUrl = `${server.serverUrl}/${name}`;
  try {
    print(`Tidings reading benchmark on ${server.where}, database ${name}`);
    print(machineLine());
    let marker = await readMarker(databaseUrl);
    if (reuse && !reseed && markerMatches(marker, plan)) {
      const applied = await migrateDatabase(databaseUrl, log);
      if (applied.length) {
        print(`applied migrations ${applied.join(', ')}; ANALYZE`);
        await analyze(databaseUrl);
      }
      print(`reusing the instance seeded ${marker.seededAt} (seeding took ${marker.seedSeconds} s)`);
    } else {
      const subscriptions =
        plan.subscriptionsMin === plan.subscriptionsMax ? `${plan.subscriptionsMin}` : `${plan.subscriptionsMin}–${plan.subscriptionsMax}`;
      print(
        `seeding ${planName}${scale === 1 ? '' : ` × ${scale}`}: ${plan.users} users, ${plan.feeds} feeds, ${plan.articles} articles (one feed of ${plan.largeFeedArticles}), ${subscriptions} subscriptions per user …`,
      );
      marker = await seedDatabase(server.serverUrl, name, plan, log, print);
      print(`seeded in ${marker.seedSeconds} s`);
    }
    const { rows: version } = await query(
      databaseUrl,
      `SELECT current_setting('server_version') AS v, current_setting('shared_buffers') AS sb,
      current_setting('work_mem') AS wm, current_setting('jit') AS jit, current_setting('random_page_cost') AS rpc`,
    );
    const settings = version[0]!;
    print(
      `PostgreSQL ${settings.v}: shared_buffers ${settings.sb}, work_mem ${settings.wm}, jit ${settings.jit}, random_page_cost ${settings.rpc}`,
    );
    print();
    await describeInstance(databaseUrl, marker);
    if (seedOnly) return;
    const config = loadConfig({ LOG_LEVEL: 'warn' });
    const services = createServices(config, databaseUrl, log);
    try {
      let rules = await readRulesMarker(databaseUrl);
      if (!rules && (countsOnly || listsOnly)) {
        // The sidebar's counts and the lists do not need the rule users: no set-up for them.
        rules = { version: 0, setUpAt: '', setupSeconds: 0, users: [], saves: [], batches: [] };
      } else if (rules) {
        print(`reusing the rule users set up ${rules.setUpAt} (setup took ${rules.setupSeconds} s)`);
      } else {
        print(
          `setting up ${ruleUserCount} rule users: 100 people followed (10 muted), 2 muted feeds, 20 rules (through createRule one by one for ${timedRuleUsers} of them, in one changeRules for the others) …`,
        );
        rules = await setUpRules(services, databaseUrl, plan, ruleUserCount, timedRuleUsers, print);
        print(`set up in ${rules.setupSeconds} s`);
      }
      const ruleUsers = rules.users;
      if (ruleUsers.length) {
        const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
        print(
          `rule users: ${ruleUsers.map((u) => u.username).join(', ')}; median ${median(ruleUsers.map((u) => u.articles))} articles in their feeds, ` +
            `${median(ruleUsers.map((u) => u.hidden))} hidden (${(100 * median(ruleUsers.map((u) => u.hidden / u.articles))).toFixed(1)} %), ` +
            `${median(ruleUsers.map((u) => u.signals))} shares and comments by the people followed (${median(ruleUsers.map((u) => u.mutedSignals))} by the muted)`,
        );
        print(
          "createRule's time at this scale (the rule saved and the reader's rules re-applied at once to every stored article of its scope):",
        );
        print(table(['save', 'n', 'p50 ms', 'p95 ms', 'max ms', 'failed'], saveSummary(rules)));
        print();
      }
      const options = {
        samples,
        budgetSeconds,
        warmup: 10,
        markRepeats: 5,
        progress: print,
        excludeUserIds: new Set(ruleUsers.map((u) => u.id)),
        shapes: process.env.BENCH_READING_SHAPES,
      };
      let lists: CaseResult[] = [];
      let marks: CaseResult[] = [];
      let ruleCases: CaseResult[] = [];
      let plans: string[] = [];
      if (!countsOnly && !rulesOnly) {
        print(
          `measuring lists (${samples} samples per case at most, ${budgetSeconds} s per shape at most), the search index's pending list ` +
            `holding ${PENDING_ARTICLES} articles' entries; load average ${load()}`,
        );
        const started = performance.now();
        [lists, plans] = await withSearchPendingList(databaseUrl, PENDING_ARTICLES, async () => {
          const measured = await measureLists(services, marker, options);
          print(`lists measured in ${((performance.now() - started) / 1000).toFixed(0)} s; load average ${load()}`);
          return [measured, await explainLists(databaseUrl, measured)] as const;
        });
      }
      if (!countsOnly && !rulesOnly && !listsOnly) {
        print(
          `measuring mark-all-read (${options.markRepeats} runs each, each in a transaction rolled back afterwards); load average ${load()}`,
        );
        marks = await measureMarkAllRead(services, marker, options);
        plans.push(...(await explainMarks(databaseUrl, marks)));
        print(`measuring the article view and marking one article read (rolled back); load average ${load()}`);
        marks.push(...(await measureArticleActions(services, options)));
        // A rolled-back DELETE still clears the visibility map of the pages it touched; VACUUM sets it again, as
        // autovacuum would, so the next run's index-only scans find the instance as this one did.
        await query(databaseUrl, 'VACUUM "UnreadArticle"');
      }
      if (!countsOnly && !listsOnly) {
        print(`measuring the rule users' lists and Circle view (page of 30); load average ${load()}`);
        const started = performance.now();
        ruleCases = [...(await measureRuleLists(services, rules, options)), ...(await measureRuleCircle(services, rules, options))];
        print(`rule users measured in ${((performance.now() - started) / 1000).toFixed(0)} s; load average ${load()}`);
        plans.push(...(await explainLists(databaseUrl, ruleCases, 3, 1)));
        plans.push(...(await explainCircle(services, databaseUrl, ruleCases)));
      }
      let counts: CaseResult[] = [];
      if (!rulesOnly && !listsOnly) {
        print(`measuring the sidebar's unread counts (${samples} samples per case); load average ${load()}`);
        counts = await measureUnreadCounts(services, marker, options);
        plans.push(...(await explainUnreadCounts(databaseUrl, counts)));
      }
      // Last: the pass deletes the instance's oldest articles for good.
      let retention: CaseResult[] = [];
      if (!countsOnly && !rulesOnly && !listsOnly && retentionSeconds > 0) {
        const before = await retentionDeletedBefore(databaseUrl);
        print(
          `measuring lists ${retentionSeconds} s quiet, then up to ${retentionSeconds} s while retention (${RETENTION_DAYS} days) deletes; ` +
            `earlier runs' retention deleted ${before} articles of this instance; load average ${load()}`,
        );
        retention = (await measureListsDuringRetention(services, databaseUrl, retentionSeconds, options)).cases;
      }
      print(`load average ${load()}`);
      print();
      const all = [...lists, ...marks, ...ruleCases, ...counts, ...retention];
      print(
        table(
          ['case', 'n', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'rows'],
          all.map((result) => {
            const x = summarize(result);
            const rows = x.rows === x.rowsMax ? String(x.rows) : `${x.rows} (max ${x.rowsMax})`;
            return [result.name, String(x.n), ...[x.p50, x.p95, x.p99, x.max].map((v) => v.toFixed(1)), rows];
          }),
        ),
      );
      print(
        "rows: median rows on the page; for counts the median total; for mark-all-read the rows deleted (mark one read: 1); for unread counts the user's unread total",
      );
      print();
      for (const plan of plans) print(plan + '\n');
    } finally {
      await closeServices(services);
    }
  } finally {
    if (dropAtEnd) {
      await dropDatabase(server.serverUrl, name);
      print(`dropped the database ${name}`);
    }
    await server.close();
  }
}

/** Table sizes, the per-user shape and the search words' matches. */
async function describeInstance(databaseUrl: string, marker: Marker) {
  for (const block of await tableSizes(databaseUrl)) print(block + '\n');
  const { rows: shape } = await query(
    databaseUrl,
    `
    WITH unread AS (SELECT count(*) AS n FROM "UnreadArticle" GROUP BY "userId"),
         subscribers AS (SELECT count(*) AS n FROM "Subscription" GROUP BY "feedId"),
         subscriptions AS (SELECT count(*) AS n FROM "Subscription" GROUP BY "userId")
    SELECT (SELECT count(*) FROM "Subscription")::float / (SELECT count(*) FROM "User") AS subs,
           (SELECT min(n) || '–' || max(n) FROM subscriptions) AS subs_range,
           (SELECT count(*) FROM "UnreadArticle")::float / (SELECT count(*) FROM "User") AS unread,
           (SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY n) FROM unread) AS unread_median,
           (SELECT max(n) FROM unread) AS unread_max,
           (SELECT count(*) FROM "LikedArticle")::float / (SELECT count(*) FROM "User") AS liked,
           (SELECT count(*) FROM "Folder")::float / (SELECT count(*) FROM "User") AS folders,
           (SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY n) FROM subscribers) AS subscribers_median,
           (SELECT max(n) FROM subscribers) AS subscribers_max,
           (SELECT count(*) FROM subscribers WHERE n >= 1000) AS feeds_over_1000,
           (SELECT count(*) FROM "Feed" f WHERE NOT EXISTS (SELECT 1 FROM "Subscription" s WHERE s."feedId" = f.id)) AS feeds_unsubscribed`,
  );
  const s = shape[0]!;
  print(
    `per user: ${Number(s.subs).toFixed(0)} subscriptions on average (${s.subs_range}), ${Number(s.folders).toFixed(1)} folders, ` +
      `${Number(s.unread).toFixed(0)} unread on average (median ${s.unread_median}, most ${s.unread_max}), ${Number(s.liked).toFixed(0)} liked`,
  );
  print(
    `per feed: median ${s.subscribers_median} subscribers, most ${s.subscribers_max}; ${s.feeds_over_1000} feeds with 1,000 or more, ${s.feeds_unsubscribed} with none`,
  );
  print(
    `search words (articles matching, instance-wide): ${Object.entries(marker.searchMatches)
      .map(([w, n]) => `"${w}" ${n}`)
      .join(', ')}`,
  );
  print();
}

/** EXPLAIN (ANALYZE, BUFFERS) of the slowest sample of the slowest list and count cases (by p95). */
async function explainLists(databaseUrl: string, lists: CaseResult[], listCount = explainCount, countCount = 2): Promise<string[]> {
  const byP95 = (kind: CaseResult['kind']) =>
    lists
      .filter((r) => r.kind === kind)
      .map((r) => ({ r, p95: summarize(r).p95 }))
      .sort((a, b) => b.p95 - a.p95);
  const plans: string[] = [];
  for (const { r, p95 } of [...byP95('list').slice(0, listCount), ...byP95('count').slice(0, countCount)]) {
    const slowest = [...r.samples].sort((a, b) => b.ms - a.ms)[0]!;
    const sql = inline(r.kind === 'count' ? countSql(slowest.query!) : pageSql(slowest.query!));
    const title = `=== ${r.name}: p95 ${p95.toFixed(1)} ms; its slowest sample took ${slowest.ms.toFixed(1)} ms (${slowest.rows} rows)`;
    plans.push([title, sql, await explain(databaseUrl, sql)].join('\n'));
  }
  return plans;
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the Circle view's ranking statement (the first it sends) for the slowest sample of
 * the slowest page case and of the count, captured by running the sample again.
 */
async function explainCircle(services: Services, databaseUrl: string, results: CaseResult[]): Promise<string[]> {
  const circle = results.filter((r) => r.kind === 'circle');
  const pages = circle.filter((r) => !r.name.endsWith('count')).sort((a, b) => summarize(b).p95 - summarize(a).p95);
  const plans: string[] = [];
  for (const r of [pages[0], circle.find((c) => c.name.endsWith('count'))]) {
    if (!r) continue;
    const slowest = [...r.samples].sort((a, b) => b.ms - a.ms)[0]!;
    const statements = await captureStatements(services, async (s) => {
      const circleQuery = await articleQuery(s, slowest.viewer, slowest.input);
      return r.name.endsWith('count') ? screenCount(s, circleQuery) : listArticles(s, circleQuery);
    });
    const sql = inline(statements[0]!);
    const title = `=== ${r.name}: p95 ${summarize(r).p95.toFixed(1)} ms; its slowest sample took ${slowest.ms.toFixed(1)} ms (${slowest.rows} rows); ${statements.length} statements, the first:`;
    plans.push([title, sql, await explain(databaseUrl, sql)].join('\n'));
  }
  return plans;
}

/** EXPLAIN (ANALYZE, BUFFERS) of mark-all-read's DELETE, in a rolled-back transaction. */
async function explainMarks(databaseUrl: string, marks: CaseResult[]): Promise<string[]> {
  const plans: string[] = [];
  for (const r of marks.slice(0, 2)) {
    const sample = r.samples.at(-1)!;
    const sql = inline(markAllSql(sample.viewer.id, (sample.input as { feedId?: string }).feedId ?? null));
    plans.push([`=== ${r.name} (rolled back): ${sample.rows} rows`, sql, await explain(databaseUrl, sql)].join('\n'));
  }
  return plans;
}

/** EXPLAIN (ANALYZE, BUFFERS) of the slowest sample of each unread-count case of the main users. */
async function explainUnreadCounts(databaseUrl: string, counts: CaseResult[]): Promise<string[]> {
  const plans: string[] = [];
  for (const r of counts.filter((c) => c.name.endsWith('main user'))) {
    const slowest = [...r.samples].sort((a, b) => b.ms - a.ms)[0]!;
    const sql = inline(unreadCountsSql(slowest.viewer.id, r.name.includes('by feed') ? 'feed' : 'folder', slowest.ids!));
    const title = `=== ${r.name}: p95 ${summarize(r).p95.toFixed(1)} ms; its slowest sample took ${slowest.ms.toFixed(1)} ms (${slowest.rows} unread)`;
    plans.push([title, sql, await explain(databaseUrl, sql)].join('\n'));
  }
  return plans;
}

async function query(databaseUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

async function analyze(databaseUrl: string) {
  await query(databaseUrl, 'ANALYZE');
}

await main();
