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

/** The planner's estimates, by search text: its matches and all articles. */
type Estimate = { matches: number; articles: number; at: number };
const estimatesByDatabase = new WeakMap<object, Map<string, Estimate>>();

/** What the tests set to read every search one way; null decides by the words. */
export const searchWayForTests: { forced: SearchWay | null } = { forced: null };

/** How the search `text` reads its articles, from the planner's estimate of its matches (kept a while). */
export async function searchWay(services: Services, text: string): Promise<SearchWay> {
  if (searchWayForTests.forced) return searchWayForTests.forced;
  const db = services.readDb;
  let estimates = estimatesByDatabase.get(db);
  if (!estimates) estimatesByDatabase.set(db, (estimates = new Map()));
  const now = Date.now();
  let estimate = estimates.get(text);
  if (!estimate || now - estimate.at > ESTIMATE_MS) {
    // One plan answers both: the rows of each branch of the UNION.
    const [row] = await db.$queryRaw<{ 'QUERY PLAN': [{ Plan: { Plans: [{ 'Plan Rows': number }, { 'Plan Rows': number }] } }] }[]>`
      EXPLAIN (FORMAT JSON)
      SELECT 1 FROM "Article" WHERE "searchVector" @@ websearch_to_tsquery('english', ${text}) UNION ALL SELECT 1 FROM "Article"`;
    const [matches, articles] = row!['QUERY PLAN'][0].Plan.Plans;
    estimate = { matches: matches['Plan Rows'], articles: articles['Plan Rows'], at: now };
    // Oldest first: a Map keeps insertion order, and a renewed estimate is inserted again.
    estimates.delete(text);
    estimates.set(text, estimate);
    if (estimates.size > ESTIMATES_KEPT) estimates.delete(estimates.keys().next().value!);
  }
  return estimate.matches <= Math.max(WORDS_FIRST_MATCHES, WORDS_FIRST_SHARE * estimate.articles) ? 'words' : 'steps';
}
