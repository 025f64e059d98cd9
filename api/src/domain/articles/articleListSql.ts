import { Prisma } from '../../generated/prisma/client.ts';
import type { ArticleQuery } from './articleQuery.ts';

// The SQL behind the article lists. Every list is newest first by ("publishedAt", id) and pages by keyset
// (never OFFSET), and each shape is chosen so its cost does not grow with depth:
//   unread  a range of UnreadArticle_userId_publishedAt_articleId_idx (or its per-feed sibling), in order;
//   liked   a range of LikedArticle_userId_publishedAt_articleId_idx, in order;
//   all     one short range of Article_feedId_publishedAt_id_idx per subscribed feed, merged (LATERAL);
//   search  steps of weeks walked back from the page's start, each answered by the GIN index on
//           ("searchVector", week published, feed) for the step's weeks and the viewer's feeds (the newest step
//           may instead walk Article_publishedAt_id_idx in order, for a common word); steps past a full page
//           are not run, nor those older than the oldest row of the unread or liked list (`horizon`).
// A folder walks its feeds one by one like `all`, so a small folder never scans the whole list.
// `limit` null answers the same rows unordered, for counting. Figures and plans: docs/performance.md.

const raw = Prisma.raw;

/** The (id, "publishedAt") rows of one page (`limit` rows, ordered) or of the whole list (`limit` null). */
export function articleRowsSql(query: ArticleQuery, limit: number | null, horizon: SearchHorizon = null): Prisma.Sql {
  if (query.search !== null) return searchRows(query, limit, horizon);
  if (query.filter === 'liked') return likedRows(query, limit);
  if (query.filter === 'unread' && query.scope.kind !== 'folder') return unreadRows(query, limit);
  return perFeedRows(query, limit);
}

/** Keyset and `beforeDate` conditions on the given columns, each prefixed with AND. */
function position(query: ArticleQuery, publishedAt: string, id: string): Prisma.Sql {
  const conditions: Prisma.Sql[] = [];
  if (query.after) {
    conditions.push(Prisma.sql`(${raw(publishedAt)}, ${raw(id)}) < (${query.after.publishedAt}::timestamptz, ${query.after.id}::uuid)`);
  }
  if (query.beforeDate) conditions.push(Prisma.sql`${raw(publishedAt)} <= ${query.beforeDate}::timestamptz`);
  return conditions.length ? Prisma.sql`AND ${Prisma.join(conditions, ' AND ')}` : Prisma.empty;
}

function orderAndLimit(limit: number | null, publishedAt: string, id: string): Prisma.Sql {
  return limit === null ? Prisma.empty : Prisma.sql`ORDER BY ${raw(publishedAt)} DESC, ${raw(id)} DESC LIMIT ${limit}`;
}

/** The feeds of the viewer's subscriptions within the scope, as a subquery of "feedId". */
function scopeFeeds(query: ArticleQuery): Prisma.Sql {
  const folder = query.scope.kind === 'folder' ? Prisma.sql`AND "folderId" = ${query.scope.folderId}::uuid` : Prisma.empty;
  const feed = query.scope.kind === 'feed' ? Prisma.sql`AND "feedId" = ${query.scope.feedId}::uuid` : Prisma.empty;
  return Prisma.sql`SELECT "feedId" FROM "Subscription" WHERE "userId" = ${query.viewerId}::uuid ${folder} ${feed}`;
}

/** A condition limiting `feedColumn` to the scope; none for everything (the caller's table already is the viewer's). */
function scopeCondition(query: ArticleQuery, feedColumn: string): Prisma.Sql {
  if (query.scope.kind === 'feed') return Prisma.sql`AND ${raw(feedColumn)} = ${query.scope.feedId}::uuid`;
  if (query.scope.kind === 'folder') return Prisma.sql`AND ${raw(feedColumn)} IN (${scopeFeeds(query)})`;
  return Prisma.empty;
}

function unreadRows(query: ArticleQuery, limit: number | null): Prisma.Sql {
  return Prisma.sql`
    SELECT u."articleId" AS id, u."publishedAt" FROM "UnreadArticle" u
    WHERE u."userId" = ${query.viewerId}::uuid ${scopeCondition(query, 'u."feedId"')} ${position(query, 'u."publishedAt"', 'u."articleId"')}
    ${orderAndLimit(limit, 'u."publishedAt"', 'u."articleId"')}`;
}

function likedRows(query: ArticleQuery, limit: number | null): Prisma.Sql {
  const scoped = query.scope.kind !== 'everything';
  return Prisma.sql`
    SELECT l."articleId" AS id, l."publishedAt" FROM "LikedArticle" l
    ${scoped ? Prisma.sql`JOIN "Article" a ON a.id = l."articleId"` : Prisma.empty}
    WHERE l."userId" = ${query.viewerId}::uuid ${scopeCondition(query, 'a."feedId"')} ${position(query, 'l."publishedAt"', 'l."articleId"')}
    ${orderAndLimit(limit, 'l."publishedAt"', 'l."articleId"')}`;
}

/** `all` in any scope and `unread` in a folder: the newest `limit` of each feed, merged. */
function perFeedRows(query: ArticleQuery, limit: number | null): Prisma.Sql {
  const feedRows =
    query.filter === 'unread'
      ? Prisma.sql`
        SELECT u."articleId" AS id, u."publishedAt" FROM "UnreadArticle" u
        WHERE u."userId" = ${query.viewerId}::uuid AND u."feedId" = s."feedId" ${position(query, 'u."publishedAt"', 'u."articleId"')}
        ${orderAndLimit(limit, 'u."publishedAt"', 'u."articleId"')}`
      : Prisma.sql`
        SELECT a.id, a."publishedAt" FROM "Article" a
        WHERE a."feedId" = s."feedId" ${position(query, 'a."publishedAt"', 'a.id')}
        ${orderAndLimit(limit, 'a."publishedAt"', 'a.id')}`;
  return Prisma.sql`
    SELECT x.id, x."publishedAt" FROM (${scopeFeeds(query)}) s CROSS JOIN LATERAL (${feedRows}) x
    ${orderAndLimit(limit, 'x."publishedAt"', 'x.id')}`;
}

/**
 * Where a search of the unread or liked list can stop: the date of the oldest row of that list, or 'empty' when
 * it has none; null for the other lists.
 */
export type SearchHorizon = Date | 'empty' | null;

/** The week an article was published in (UTC, counted from 1970), as the search index holds it. */
const SEARCH_WEEK = `ARRAY[floor(extract(epoch FROM timezone('UTC', a."publishedAt")) / 604800)::int]`;
const WEEK_MS = 7 * 24 * 3600 * 1000;

/**
 * How many weeks back from the week a search page starts in each step of its walk reaches: the start's week,
 * then the 4 weeks before, then back to 26 and to 104 weeks; older articles are the last step. A page is filled
 * from the newest step that has matches, so a common word never sorts (or fetches) all of its matches, and a
 * rarer one reads, step by step, only the matches of the step's weeks.
 */
const SEARCH_WEEKS_BACK = [0, 4, 26, 104];

type SearchStep = {
  /** The step's weeks, newest first; null for the oldest step, bounded by date alone. */
  weeks: number[] | null;
  from: Date | null;
  /** Exclusive, but inclusive for the newest step (which ends at the page's cursor or beforeDate, if any). */
  to: Date | null;
  newest: boolean;
};

/** The steps of a search page that starts at `start` (`open`: at now, so the newest step has no upper bound). */
function searchSteps(start: Date, open: boolean, horizon: Date | null): SearchStep[] {
  const startWeek = Math.floor(start.getTime() / WEEK_MS);
  const weekStart = (week: number) => new Date(week * WEEK_MS);
  // Articles are never dated after they were fetched (feeds/normalise.ts), so one week beyond now covers a
  // server whose clock runs a little behind the one that stored them.
  const newest = [startWeek + (open ? 1 : 0), ...SEARCH_WEEKS_BACK.slice(0, -1).map((back) => startWeek - back - 1)];
  const steps: SearchStep[] = SEARCH_WEEKS_BACK.map((back, i) => {
    const oldestWeek = startWeek - back;
    const weeks = Array.from({ length: newest[i]! - oldestWeek + 1 }, (_, k) => newest[i]! - k);
    return { weeks, from: weekStart(oldestWeek), to: i === 0 ? (open ? null : start) : weekStart(newest[i]! + 1), newest: i === 0 };
  });
  steps.push({ weeks: null, from: null, to: weekStart(startWeek - SEARCH_WEEKS_BACK.at(-1)!), newest: false });
  if (horizon === null) return steps;
  // Nothing in the list is older than the horizon: later steps are left out, the last one is cut short.
  const horizonWeek = Math.floor(horizon.getTime() / WEEK_MS);
  return steps
    .filter((step, i) => i === 0 || step.to === null || step.to > horizon)
    .map((step) => ({
      weeks: step.weeks?.filter((week) => week >= horizonWeek) ?? null,
      from: step.from === null || step.from < horizon ? horizon : step.from,
      to: step.to,
      newest: step.newest,
    }));
}

function searchRows(query: ArticleQuery, limit: number | null, horizon: SearchHorizon): Prisma.Sql {
  const viewer = Prisma.sql`${query.viewerId}::uuid`;
  const matches = (step: SearchStep | null, rows: Prisma.Sql | null) => {
    const inStep = (column: string) =>
      step
        ? Prisma.sql`${step.from ? Prisma.sql`AND ${raw(column)} >= ${step.from}::timestamptz` : Prisma.empty}
          ${step.to ? Prisma.sql`AND ${raw(column)} ${raw(step.newest ? '<=' : '<')} ${step.to}::timestamptz` : Prisma.empty}`
        : Prisma.empty;
    // The viewer's feeds are the third column of the search index, so it reads only the matches in them (the
    // unread rows are all of subscribed feeds: there it narrows the index scan). The state tables copy
    // "publishedAt", so the step also narrows them (the planner may start from them).
    const inFeeds = Prisma.sql`ARRAY[a."feedId"] && ARRAY(${scopeFeeds(query)})`;
    const membership =
      query.filter === 'unread'
        ? Prisma.sql`${inFeeds} AND EXISTS (SELECT 1 FROM "UnreadArticle" u WHERE u."userId" = ${viewer} AND u."articleId" = a.id ${inStep('u."publishedAt"')})`
        : query.filter === 'liked'
          ? Prisma.sql`EXISTS (SELECT 1 FROM "LikedArticle" l WHERE l."userId" = ${viewer} AND l."articleId" = a.id ${inStep('l."publishedAt"')}) ${scopeCondition(query, 'a."feedId"')}`
          : inFeeds;
    const weeks = step?.weeks ? Prisma.sql`AND ${raw(SEARCH_WEEK)} && ${step.weeks}::int[]` : Prisma.empty;
    // A step's weeks are its dates for the search index. The article's date bounds only the newest step, where
    // the planner may walk the date order instead (for a common word), and the oldest, which has no weeks; on
    // the others the planner would AND the index's matches with a bitmap of every article of the step's dates.
    const dates = step?.weeks && !step.newest ? Prisma.empty : inStep('a."publishedAt"');
    return Prisma.sql`
      SELECT a.id, a."publishedAt" FROM "Article" a
      WHERE a."searchVector" @@ websearch_to_tsquery('english', ${query.search}) ${weeks} AND ${membership}
      ${position(query, 'a."publishedAt"', 'a.id')} ${dates}
      ${rows === null ? Prisma.empty : Prisma.sql`ORDER BY a."publishedAt" DESC, a.id DESC LIMIT ${rows}`}`;
  };
  if (limit === null) return matches(null, null);
  if (horizon === 'empty') return Prisma.sql`SELECT NULL::uuid AS id, NULL::timestamptz AS "publishedAt" WHERE false`;
  // Steps newest first, back from the page's start: the cursor, else beforeDate (the newest step then ends
  // there, inclusive, which the keyset condition alone does not tell the planner), else now. Step k asks only
  // for the rows the newer steps did not find, so once the page is full the rest run as LIMIT 0 and read
  // nothing; each is its own part of the statement with its own bounds, so the planner picks the index per step
  // (the search index with the step's weeks, or for a common word the date order in the newest step).
  const from = query.after?.publishedAt ?? query.beforeDate ?? null;
  const steps = searchSteps(from ?? new Date(), from === null, horizon);
  const parts = steps.map((step, i) => {
    const found = Array.from({ length: i }, (_, k) => Prisma.sql`(SELECT count(*) FROM w${raw(String(k))})`);
    const rows = i === 0 ? Prisma.sql`${limit}` : Prisma.sql`greatest(0, ${limit} - ${Prisma.join(found, ' - ')})`;
    return Prisma.sql`w${raw(String(i))} AS MATERIALIZED (${matches(step, rows)})`;
  });
  const union = Prisma.join(
    parts.map((_, i) => Prisma.sql`SELECT id, "publishedAt" FROM w${raw(String(i))}`),
    ' UNION ALL ',
  );
  return Prisma.sql`
    WITH ${Prisma.join(parts, ',\n')}
    SELECT id, "publishedAt" FROM (${union}) x ORDER BY "publishedAt" DESC, id DESC`;
}
