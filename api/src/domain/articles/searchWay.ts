import type { Services } from '../core/services.ts';

/**
 * How a search reads its articles. `words`: the matches of its words over every article, from the search index's
 * first column alone, then those of the viewer's list; for rare words, where the index's feed column would make the
 * scan descend each of the viewer's feeds again for every match (at 10 M articles 53 ms against 16 for a word of
 * 7,901 matches). `steps`: in steps of weeks back, the index narrowed by the viewer's feeds and the step's weeks, so
 * a page of a common word reads about as many matches as it shows (articleListSql.ts).
 */
export type SearchWay = 'words' | 'steps';

/**
 * Up to how many matches a search reads its words first: 1,000, or more on a larger instance, 0.12 % of its articles
 * (the planner estimates a word rarer than its 10,000 most common at 0.1 %). A match costs about 2–4 µs.
 */
const WORDS_FIRST_MATCHES = 1_000;
const WORDS_FIRST_SHARE = 0.0012;

/** Estimates are kept this long: the planner's statistics change only as ANALYZE runs. */
const ESTIMATE_MS = 10 * 60_000;
const ESTIMATES_KEPT = 1_000;

/** The planner's estimates, by search text: its matches, all articles, and the articles of the last four weeks. */
type Estimate = { matches: number; articles: number; recent: number; at: number };

/** How a search reads its articles, and how many articles of a recent week its words match on the whole instance. */
export type SearchEstimate = { searchWay: SearchWay; weeklyMatches: number };

/** The weeks a search's rate of matches is estimated over: the newest, which a search's first steps read. */
const RECENT_WEEKS = 4;
const estimatesByDatabase = new WeakMap<object, Map<string, Estimate>>();

/**
 * What the tests set to read every search one way (`forced`; null decides by the words), its words then matching so
 * many articles a week (`weeklyMatches`, 0 when null: every step of weeks checks the viewer's feeds on its rows;
 * Infinity: none does).
 */
export const searchWayForTests: { forced: SearchWay | null; weeklyMatches: number | null } = { forced: null, weeklyMatches: null };

/** How the search `text` reads its articles, from the planner's estimate of its matches (kept a while). */
export async function searchWay(services: Services, text: string): Promise<SearchEstimate> {
  const { forced } = searchWayForTests;
  if (forced) return { searchWay: forced, weeklyMatches: searchWayForTests.weeklyMatches ?? 0 };
  const estimate = await plannerEstimate(services, text);
  const way = estimate.matches <= Math.max(WORDS_FIRST_MATCHES, WORDS_FIRST_SHARE * estimate.articles) ? 'words' : 'steps';
  // The words' share of all articles, of a recent week's articles.
  const weeklyMatches = estimate.articles > 0 ? ((estimate.matches / estimate.articles) * estimate.recent) / RECENT_WEEKS : 0;
  return { searchWay: way, weeklyMatches };
}

async function plannerEstimate(services: Services, text: string): Promise<Estimate> {
  const db = services.readDb;
  let estimates = estimatesByDatabase.get(db);
  if (!estimates) estimatesByDatabase.set(db, (estimates = new Map()));
  const now = Date.now();
  let estimate = estimates.get(text);
  if (!estimate || now - estimate.at > ESTIMATE_MS) {
    // One plan answers all three: the rows of each branch of the UNION.
    type Branch = { 'Plan Rows': number };
    const [row] = await db.$queryRaw<{ 'QUERY PLAN': [{ Plan: { Plans: [Branch, Branch, Branch] } }] }[]>`
      EXPLAIN (FORMAT JSON)
      SELECT 1 FROM "Article" WHERE "searchVector" @@ websearch_to_tsquery('english', ${text}) UNION ALL SELECT 1 FROM "Article"
      UNION ALL SELECT 1 FROM "Article" WHERE "publishedAt" >= now() - ${`${RECENT_WEEKS * 7} days`}::interval`;
    const [matches, articles, recent] = row!['QUERY PLAN'][0].Plan.Plans.map((branch) => branch['Plan Rows']);
    estimate = { matches: matches!, articles: articles!, recent: recent!, at: now };
    // Oldest first: a Map keeps insertion order, and a renewed estimate is inserted again.
    estimates.delete(text);
    estimates.set(text, estimate);
    if (estimates.size > ESTIMATES_KEPT) estimates.delete(estimates.keys().next().value!);
  }
  return estimate;
}
