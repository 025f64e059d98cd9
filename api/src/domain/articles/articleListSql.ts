import { Prisma } from '../../generated/prisma/client.ts';
import type { ArticleFilter, ArticleQuery } from './articleQuery.ts';
import { isStorableDate } from '../core/fields.ts';

// The SQL behind the article lists. Every list is newest first by ("publishedAt", id) and pages by keyset
// (never OFFSET), and each shape is chosen so its cost does not grow with depth:
//   unread  a range of UnreadArticle_userId_publishedAt_articleId_idx (or its per-feed sibling), in order;
//   liked   a range of LikedArticle_userId_publishedAt_articleId_idx, in order (of a feed or folder: the reader's rows
//           of its feeds by LikedArticle_userId_feedId_publishedAt_articleId_idx, sorted);
//   starred a range of StarredArticle_userId_publishedAt_articleId_idx, in order (as liked);
//   all     one short range of Article_feedId_publishedAt_id_idx per subscribed feed, merged (LATERAL), in steps of
//           time back from the page's start, so each feed's range holds about its share of the page (perFeedRows);
//   search  rare words (searchWay.ts): all their matches, from the GIN index on ("searchVector", week published,
//           feed) by the words alone, then those of the list, sorted. Other words: steps of weeks walked back from
//           the page's start, each as long as the rate of the rows found so far says the page needs, each answered
//           by that index for the step's weeks and the viewer's feeds (or, for a step whose weeks hold few matches on
//           the instance, by its words and weeks, the feeds checked on the rows); steps past a full page are not run,
//           nor those older than the oldest row of the unread or liked list (`horizon`).
// A folder walks its feeds one by one like `all` (its unread rows too), so a small folder never scans the whole list.
// Grouped (unread and all, everywhere and in a folder): a copy of a story is left out when a copy from a feed the
// viewer subscribed to earlier is in the same list (laterCopy), a primary-key probe per row that stops at once for
// the many articles that are their own story.
// Hidden (what the viewer's filter rules hide, rules/applyRules.ts): never unread, and left out of `all` and of searches
// by a primary-key probe of HiddenArticle per row; liked and starred keep what the viewer kept. Muted subscriptions
// are left out of everything and the folders (not of their own list).
// `limit` null answers the same rows unordered, for counting. Figures and plans: docs/performance.md.

const raw = Prisma.raw;

/**
 * The (id, "publishedAt") rows of one page (`limit` rows, ordered) or of the whole list (`limit` null). A search's rows
 * also say where each article's row is (`at`, its ctid): its steps have just read those rows, and the view reads them
 * there again rather than through the primary key (`loadArticleViews`, `located`).
 */
export function articleRowsSql(query: ArticleQuery, limit: number | null): Prisma.Sql {
  if (query.filter === 'circle') throw new Error('the circle view is ranked by circleList.ts, not listed by date');
  if (query.search !== null) return searchRows(query, limit);
  if (query.filter === 'liked' || query.filter === 'starred') return keptRows(query, query.filter, limit);
  if (query.filter === 'hidden') return hiddenRows(query, limit);
  if (query.filter === 'unread' && query.scope.kind !== 'folder') return unreadRows(query, limit);
  return perFeedRows(query, limit);
}

/**
 * The query's values as SQL: each a value of the statement, or (`refs`) a column of a one-row CTE that holds them, for
 * a statement that compares with them in many places (every value is a parameter, and a statement of more than 32 is
 * planned on every call: statementNames.ts).
 */
type QueryRefs = {
  viewer: Prisma.Sql;
  /** The viewer, as a value always: UnreadArticle's partition is chosen by it as the statement is planned. */
  unreadViewer: Prisma.Sql;
  folder: Prisma.Sql;
  feed: Prisma.Sql;
  afterTime: Prisma.Sql;
  afterId: Prisma.Sql;
  before: Prisma.Sql;
};

function valuesOf(query: ArticleQuery): QueryRefs {
  return {
    viewer: Prisma.sql`${query.viewerId}::uuid`,
    unreadViewer: Prisma.sql`${query.viewerId}::uuid`,
    folder: Prisma.sql`${query.scope.kind === 'folder' ? query.scope.folderId : null}::uuid`,
    feed: Prisma.sql`${query.scope.kind === 'feed' ? query.scope.feedId : null}::uuid`,
    afterTime: Prisma.sql`${query.after?.time ?? null}::timestamptz`,
    afterId: Prisma.sql`${query.after?.id ?? null}::uuid`,
    before: Prisma.sql`${query.beforeDate}::timestamptz`,
  };
}

/** A column of the statement's one-row CTE `page` (pageValues). */
const pageColumn = (name: string) => Prisma.sql`(SELECT ${raw(`"${name}"`)} FROM page)`;

/**
 * The one-row CTE `page` holding the query's values, `extra` ones, and `derived` columns computed from them (SQL over
 * `v`, the row of values), read once; and the query's references to them (but the viewer of UnreadArticle, which
 * stays a value: see QueryRefs).
 */
function pageValues(
  query: ArticleQuery,
  extra: Record<string, Prisma.Sql>,
  derived: Record<string, Prisma.Sql> = {},
): { head: Prisma.Sql; refs: QueryRefs } {
  const { unreadViewer, folder, feed, afterTime, afterId, before, ...always } = valuesOf(query);
  // A value the query's text never compares with is left out: a statement of more than 32 is planned on every call.
  const shared = {
    ...always,
    ...(query.scope.kind === 'folder' ? { folder } : {}),
    ...(query.scope.kind === 'feed' ? { feed } : {}),
    ...(query.after ? { afterTime, afterId } : {}),
    ...(query.beforeDate ? { before } : {}),
  };
  const columns = { ...shared, ...extra };
  const named = (entries: Record<string, Prisma.Sql>) =>
    Object.entries(entries).map(([name, value]) => Prisma.sql`${value} AS ${raw(`"${name}"`)}`);
  const row = Prisma.sql`SELECT ${Prisma.join(named(columns), ', ')}`;
  // OFFSET 0 keeps the values a row of their own, each computed once (a value that is a subquery, such as a search's
  // horizon, would otherwise be copied into every derived column that reads it).
  const head = Object.keys(derived).length
    ? Prisma.sql`page AS MATERIALIZED (SELECT v.*, ${Prisma.join(named(derived), ', ')} FROM (${row} OFFSET 0) v)`
    : Prisma.sql`page AS MATERIALIZED (${row})`;
  const refs: QueryRefs = {
    viewer: pageColumn('viewer'),
    unreadViewer,
    folder: pageColumn('folder'),
    feed: pageColumn('feed'),
    afterTime: pageColumn('afterTime'),
    afterId: pageColumn('afterId'),
    before: pageColumn('before'),
  };
  return { head, refs };
}

/** Keyset and `beforeDate` conditions on the given columns, each prefixed with AND. */
function position(query: ArticleQuery, publishedAt: string, id: string, refs: QueryRefs = valuesOf(query)): Prisma.Sql {
  const conditions: Prisma.Sql[] = [];
  if (query.after) conditions.push(Prisma.sql`(${raw(publishedAt)}, ${raw(id)}) < (${refs.afterTime}, ${refs.afterId})`);
  if (query.beforeDate) conditions.push(Prisma.sql`${raw(publishedAt)} < ${refs.before}`);
  return conditions.length ? Prisma.sql`AND ${Prisma.join(conditions, ' AND ')}` : Prisma.empty;
}

// The limit is written into the statement rather than sent as a value: a generic plan (see listArticles) would
// otherwise be chosen for a limit it cannot see, which the planner takes as a tenth of the rows.
function orderAndLimit(limit: number | null, publishedAt: string, id: string): Prisma.Sql {
  if (limit === null) return Prisma.empty;
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`not a row limit: ${limit}`);
  return Prisma.sql`ORDER BY ${raw(publishedAt)} DESC, ${raw(id)} DESC LIMIT ${raw(String(limit))}`;
}

/** The feeds of the viewer's subscriptions within the scope, as a subquery of "feedId" (a muted one only as a feed's own). */
function scopeFeeds(query: ArticleQuery, refs: QueryRefs = valuesOf(query)): Prisma.Sql {
  const folder = query.scope.kind === 'folder' ? Prisma.sql`AND "folderId" = ${refs.folder}` : Prisma.empty;
  const feed = query.scope.kind === 'feed' ? Prisma.sql`AND "feedId" = ${refs.feed}` : Prisma.sql`AND NOT muted`;
  return Prisma.sql`SELECT "feedId" FROM "Subscription" WHERE "userId" = ${refs.viewer} ${folder} ${feed}`;
}

/**
 * A condition limiting `feedColumn` to the scope. Everything: the caller's table already is the viewer's, less their
 * muted subscriptions (`muted`: a list of the viewer's own rows of kept articles, liked and starred, keeps those).
 */
function scopeCondition(
  query: ArticleQuery,
  feedColumn: string,
  muted: 'leave out' | 'keep' = 'leave out',
  refs: QueryRefs = valuesOf(query),
): Prisma.Sql {
  if (query.scope.kind === 'feed') return Prisma.sql`AND ${raw(feedColumn)} = ${refs.feed}`;
  if (query.scope.kind === 'folder') return Prisma.sql`AND ${raw(feedColumn)} IN (${scopeFeeds(query, refs)})`;
  if (muted === 'keep') return Prisma.empty;
  return Prisma.sql`AND ${raw(feedColumn)} NOT IN (SELECT "feedId" FROM "Subscription" WHERE "userId" = ${refs.viewer} AND muted)`;
}

/**
 * A condition leaving out `article` when the viewer's rules hide it. `article` must name its table (`a.id`,
 * `r."articleId"`): a bare `"articleId"` would be HiddenArticle's own column, and the condition would leave out everything.
 */
export function notHidden(viewerId: string | Prisma.Sql, article: string): Prisma.Sql {
  const viewer = typeof viewerId === 'string' ? Prisma.sql`${viewerId}::uuid` : viewerId;
  return Prisma.sql`AND NOT EXISTS (SELECT 1 FROM "HiddenArticle" h WHERE h."userId" = ${viewer} AND h."articleId" = ${raw(article)})`;
}

/**
 * A condition leaving out `article` (an id column) when it is a later copy of a story in a grouped list: another copy
 * of the story is in a feed of the scope the viewer subscribed to before (or at the same time, with a smaller id),
 * and, in the unread list, unread. Lists of one feed, liked, starred and searches show every copy.
 */
function laterCopy(query: ArticleQuery, article: string, refs: QueryRefs = valuesOf(query)): Prisma.Sql {
  if (query.groupStories === false || query.scope.kind === 'feed' || query.filter === 'liked' || query.filter === 'starred')
    return Prisma.empty;
  const viewer = refs.viewer;
  const folder = query.scope.kind === 'folder' ? Prisma.sql`AND cs."folderId" = ${refs.folder}` : Prisma.empty;
  const unread =
    query.filter === 'unread'
      ? Prisma.sql`AND EXISTS (SELECT 1 FROM "UnreadArticle" v WHERE v."userId" = ${refs.unreadViewer} AND v."articleId" = c.id)`
      : Prisma.empty;
  const grouped = query.groupStories === null ? Prisma.sql`(SELECT "groupStories" FROM "User" WHERE id = ${viewer}) AND` : Prisma.empty;
  return Prisma.sql`AND NOT (${grouped} EXISTS (
    SELECT 1 FROM "Article" x
    JOIN "Article" c ON c."storyId" = x."storyId" AND c.id <> x.id
    JOIN "Subscription" cs ON cs."userId" = ${viewer} AND cs."feedId" = c."feedId" ${folder}
    JOIN "Subscription" xs ON xs."userId" = ${viewer} AND xs."feedId" = x."feedId"
    WHERE x.id = ${raw(article)} AND x."storyId" IS NOT NULL AND (cs."createdAt", c.id) < (xs."createdAt", x.id) ${unread}))`;
}

function unreadRows(query: ArticleQuery, limit: number | null): Prisma.Sql {
  return Prisma.sql`
    SELECT u."articleId" AS id, u."publishedAt" FROM "UnreadArticle" u
    WHERE u."userId" = ${query.viewerId}::uuid ${scopeCondition(query, 'u."feedId"')} ${position(query, 'u."publishedAt"', 'u."articleId"')}
    ${laterCopy(query, 'u."articleId"')}
    ${orderAndLimit(limit, 'u."publishedAt"', 'u."articleId"')}`;
}

/** The table of a user's rows of a list (each copying its article's "publishedAt"): unread, liked or starred. */
export function stateTable(filter: Exclude<ArticleFilter, 'all' | 'circle' | 'hidden'>): Prisma.Sql {
  return raw({ unread: '"UnreadArticle"', liked: '"LikedArticle"', starred: '"StarredArticle"' }[filter]);
}

/** `liked` and `starred`: the viewer's range of that table (of the scope's feeds, each row carrying its article's), in order. */
function keptRows(query: ArticleQuery, filter: 'liked' | 'starred', limit: number | null): Prisma.Sql {
  return Prisma.sql`
    SELECT l."articleId" AS id, l."publishedAt" FROM ${stateTable(filter)} l
    WHERE l."userId" = ${query.viewerId}::uuid ${scopeCondition(query, 'l."feedId"', 'keep')} ${position(query, 'l."publishedAt"', 'l."articleId"')}
    ${orderAndLimit(limit, 'l."publishedAt"', 'l."articleId"')}`;
}

/** `hidden`: the viewer's range of HiddenArticle (of the scope's feeds), in order. */
function hiddenRows(query: ArticleQuery, limit: number | null): Prisma.Sql {
  return Prisma.sql`
    SELECT h."articleId" AS id, h."publishedAt" FROM "HiddenArticle" h
    WHERE h."userId" = ${query.viewerId}::uuid ${scopeCondition(query, 'h."feedId"', 'keep')} ${position(query, 'h."publishedAt"', 'h."articleId"')}
    ${orderAndLimit(limit, 'h."publishedAt"', 'h."articleId"')}`;
}

/**
 * How far back from a page's start each step of `all` (and a folder's `unread`) reads, in hours; the last step reads
 * the rest. Eight times longer each: a reader whose feeds bring a hundred articles a day fills a page of 100 in the
 * second step, one who follows five hundred busy feeds in the first.
 */
const PER_FEED_STEPS_HOURS = [6, 48, 384];

/**
 * `all` in any scope and `unread` in a folder: each feed's newest rows, merged, in steps of time walked back from the
 * page's start. Each step reads the newest rows of each feed within its hours (one short range of the feed's index),
 * as many as the newer steps did not find, so the rules' and stories' probes run on about a page of rows rather than
 * on a page of each feed (142 feeds a reader at 10m, up to 500); the steps past a full page read nothing.
 */
function perFeedRows(query: ArticleQuery, limit: number | null): Prisma.Sql {
  const unread = query.filter === 'unread';
  const [table, publishedAt, id] = unread
    ? ['"UnreadArticle" r', 'r."publishedAt"', 'r."articleId"']
    : ['"Article" r', 'r."publishedAt"', 'r.id'];
  const start = (query.after?.time ?? query.beforeDate ?? new Date()).getTime();
  // A page that starts within 16 days of year 1 has fewer steps: PostgreSQL stores no earlier date.
  const edges = PER_FEED_STEPS_HOURS.map((hours) => new Date(start - hours * 3_600_000)).filter(isStorableDate);
  // The statement's values are read from its one-row CTE `page` wherever a step compares with them.
  const { head: page, refs } = pageValues(
    query,
    Object.fromEntries(edges.map((edge, k) => [`edge${k}`, Prisma.sql`${edge}::timestamptz`])),
  );
  // A CTE the viewer's feeds are read into once, by the Subscription key (joined into the statement, PostgreSQL read
  // all of Subscription instead, 10–13 ms at 100,000 subscriptions, once the rows were probed for HiddenArticle).
  const head = Prisma.sql`${page}, scope AS MATERIALIZED (${scopeFeeds(query, refs)})`;
  const feedRows = (bounds: Prisma.Sql, rows: Prisma.Sql | null) => Prisma.sql`
    SELECT ${raw(id)} AS id, ${raw(publishedAt)} AS "publishedAt" FROM ${raw(table)}
    WHERE ${unread ? Prisma.sql`r."userId" = ${refs.unreadViewer} AND ` : Prisma.empty}r."feedId" = s."feedId"
      ${position(query, publishedAt, id, refs)} ${bounds}
      ${unread ? Prisma.empty : notHidden(refs.viewer, id)} ${laterCopy(query, id, refs)}
    ${rows === null ? Prisma.empty : Prisma.sql`ORDER BY ${raw(publishedAt)} DESC, ${raw(id)} DESC LIMIT ${rows}`}`;
  if (limit === null) {
    return Prisma.sql`WITH ${head} SELECT x.id, x."publishedAt" FROM scope s CROSS JOIN LATERAL (${feedRows(Prisma.empty, null)}) x`;
  }
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`not a row limit: ${limit}`);
  const steps = [...edges.keys(), null].map((k, i) => {
    const from = k === null ? null : pageColumn(`edge${k}`);
    const to = i === 0 ? null : pageColumn(`edge${i - 1}`);
    const bounds = Prisma.sql`${from ? Prisma.sql`AND ${raw(publishedAt)} >= ${from}` : Prisma.empty}
      ${to ? Prisma.sql`AND ${raw(publishedAt)} < ${to}` : Prisma.empty}`;
    const found = Array.from({ length: i }, (_, k) => Prisma.sql`(SELECT count(*) FROM ${stepName('w', k)})`);
    // Written into the statement, as orderAndLimit does: a generic plan cannot see a limit sent as a value.
    const rows = i === 0 ? raw(String(limit)) : Prisma.sql`greatest(0, ${raw(String(limit))} - ${Prisma.join(found, ' - ')})`;
    return Prisma.sql`${stepName('w', i)} AS MATERIALIZED (
      SELECT x.id, x."publishedAt" FROM scope s CROSS JOIN LATERAL (${feedRows(bounds, rows)}) x
      ORDER BY x."publishedAt" DESC, x.id DESC LIMIT ${rows})`;
  });
  const union = Prisma.join(
    steps.map((_, i) => Prisma.sql`SELECT id, "publishedAt" FROM ${stepName('w', i)}`),
    ' UNION ALL ',
  );
  return Prisma.sql`
    WITH ${head}, ${Prisma.join(steps, ',\n')}
    SELECT id, "publishedAt" FROM (${union}) x ORDER BY "publishedAt" DESC, id DESC`;
}

/** The list a search of the unread, liked or starred list reads from, whose oldest row is where the search stops. */
function horizonList(query: ArticleQuery): Exclude<ArticleFilter, 'all' | 'circle' | 'hidden'> | null {
  return query.filter === 'all' || query.filter === 'circle' || query.filter === 'hidden' ? null : query.filter;
}

/**
 * Where a search stops, as SQL read once in the statement: the date of the oldest row of the unread, liked or starred
 * list, 'infinity' when it has none (every step is then past it); null for the other lists. Read in the statement
 * rather than before it: a round trip of its own took 0.75 ms at p50 and 2 ms at p95 at 1 M.
 */
function searchHorizon(query: ArticleQuery): Prisma.Sql {
  const list = horizonList(query);
  if (list === null) return Prisma.sql`NULL::timestamptz`;
  return Prisma.sql`(SELECT coalesce(min("publishedAt"), 'infinity') FROM ${stateTable(list)} WHERE "userId" = ${query.viewerId}::uuid)`;
}

const WEEK_SECONDS = 7 * 24 * 3600;
/** The week an article was published in (UTC, counted from 1970), as the search index holds it. */
const SEARCH_WEEK = `ARRAY[floor(extract(epoch FROM timezone('UTC', a."publishedAt")) / ${WEEK_SECONDS})::int]`;

/**
 * A search page walks back from the week it starts in, in steps of weeks. After that first week, each step
 * reaches back as far as the rows found so far say the rest of the page needs (at their rate per week, with
 * half again as margin), and at least as far again as the steps before it (the rate often falls with age, as
 * the unread rows thin out), but no further than its limit in weeks back; with nothing found yet, to that
 * limit. A last step of weeks takes what is left of the two years, and older articles are read by date alone.
 * So a common word reads about as many matches as its page needs, and a rarer one reads, step by step, only
 * the matches of the step's weeks.
 */
const SEARCH_STEP_LIMITS = [4, 26, 104, 104];

/**
 * How many matches a step checks on their rows for the cost of one of the viewer's feeds in the search index. Each
 * feed's entry in the index costs a scan about 25 µs, however few of its matches the step's weeks hold (the first
 * page of the feed's posting tree is read whole, then the tree descended again to the step's weeks); a row costs
 * about 1.2 µs to check. At 1 M articles, for a reader of 100 feeds, a step of "technology street" took 3.3 ms with
 * the feeds in the index and 1.3 ms with 254 rows checked, 9.7 and 8.1 ms over 27 weeks and 3,226 rows.
 */
const MATCHES_PER_FEED = 10;
/** The weeks per feed for a search that matches nothing lately: every step of weeks checks its rows. */
const NO_RECENT_MATCHES_WEEKS = 1e6;
const SEARCH_WEEKS_BACK = SEARCH_STEP_LIMITS.at(-1)!;
const SEARCH_MARGIN = 1.5;

type SearchStep = {
  /** The step's weeks, an int[] expression; null for the oldest step, bounded by date alone. */
  weeks: Prisma.Sql | null;
  /**
   * Its dates, on the newest step and the oldest only (a step sized as it runs has its weeks for dates): `from`
   * inclusive, `to` exclusive but inclusive for the newest step (it ends at the page's start).
   */
  from: Prisma.Sql | null;
  to: Prisma.Sql | null;
  newest: boolean;
  /**
   * Every step but the newest is sized as the statement runs: its extent is the query of one row of how many
   * rows the newer steps found (`found`) and, for a step of weeks, how many weeks back it reaches (`reach`) and
   * its newest and oldest week.
   */
  extent: Prisma.Sql | null;
  /**
   * Whether the step reads anything (null: always), a condition of no row, so PostgreSQL tests it once before the
   * step's scan: a step wholly past the horizon is left out as it runs, whatever plan the statement has.
   */
  reads: Prisma.Sql | null;
  /**
   * Whether the step checks the viewer's feeds on the rows of its matches rather than in the search index (null:
   * never), a condition of no row like `reads`: its weeks are expected to hold few matches on the whole instance.
   */
  onRows: Prisma.Sql | null;
};

/** The name of a step's rows (`w`) or extent (`e`) in the statement. */
const stepName = (kind: 'w' | 'e', i: number) => raw(`${kind}${i}`);

/**
 * The steps of a search page of `limit` rows that starts at `start` (`open`: at now, so the newest step has no end),
 * and the values they compare with, for the statement's `page` CTE. What changes from page to page is a value
 * there, even what the horizon leaves out (a step wholly past it reads no weeks, or no dates), so the statement's
 * text is one per list, scope and limit, planned once per connection (a plan over UnreadArticle's partitions holds
 * about 2.5 MB of the connection's memory).
 */
function searchSteps(
  query: ArticleQuery,
  start: Date,
  open: boolean,
  limit: number,
): { steps: SearchStep[]; values: Record<string, Prisma.Sql>; derived: Record<string, Prisma.Sql> } {
  const weeklyMatches = query.weeklyMatches ?? Infinity;
  const values: Record<string, Prisma.Sql> = {
    start: Prisma.sql`${start}::timestamptz`,
    // The newest step's end; none when the page starts now.
    end: Prisma.sql`${open ? null : start}::timestamptz`,
    horizon: searchHorizon(query),
    // How many weeks of the words' matches on the instance cost what one feed of the viewer's costs the index.
    weeksPerFeed: Prisma.sql`${weeklyMatches > 0 ? MATCHES_PER_FEED / weeklyMatches : NO_RECENT_MATCHES_WEEKS}::float8`,
  };
  // Computed in the statement from the values above, so that a page of the unread list (which names its viewer once
  // a step) keeps within the values of a named statement.
  const week = (date: string) => `floor(extract(epoch FROM v.${date}) / ${WEEK_SECONDS})::int`;
  const weekStart = (weekSql: string) => `to_timestamp((${weekSql}) * ${WEEK_SECONDS}::float8)`;
  // A horizon after the page's start (an empty list's, 'infinity', which has no week) is past the newest step's weeks.
  const horizonWeek = `CASE WHEN v.horizon > v.start THEN ${week('start')} + 2 ELSE ${week('horizon')} END`;
  const inRow: QueryRefs = { ...valuesOf(query), viewer: raw('v.viewer'), folder: raw('v.folder'), feed: raw('v.feed') };
  const derived: Record<string, Prisma.Sql> = {
    // Up to how many weeks a step checks the viewer's feeds on its rows: the search index would read each of them.
    onRowsWeeks: Prisma.sql`v."weeksPerFeed" * (SELECT count(*) FROM (${scopeFeeds(query, inRow)}) f)`,
    startWeek: raw(week('start')),
    horizonWeek: raw(horizonWeek),
    // The newest step's weeks: the page's, and the next when it starts now (articles are never dated after they were
    // fetched, ingest/normalise.ts, so one week beyond now covers a server whose clock runs a little behind the one
    // that stored them), none of them before the horizon's.
    firstWeeks: raw(`ARRAY(SELECT w FROM generate_series(${week('start')} + (v."end" IS NULL)::int, ${week('start')}, -1) w
      WHERE v.horizon IS NULL OR w >= ${horizonWeek})`),
    // It reads from the start of its week, or from the horizon when that is later (greatest skips null).
    firstFrom: raw(`greatest(${weekStart(week('start'))}, v.horizon)`),
    firstTo: raw(`coalesce(v."end", 'infinity')`),
    // The part of its week the newest step covers, for the rate of the rows it found.
    firstCovers: raw(`extract(epoch FROM v.start) / ${WEEK_SECONDS} - ${week('start')}`),
    // The oldest step reads by date alone, from the horizon (when it is older) to where the weeks end.
    olderFrom: raw(`coalesce(v.horizon, '-infinity')`),
    older: raw(weekStart(`${week('start')} - ${SEARCH_WEEKS_BACK}`)),
  };
  const steps: SearchStep[] = [
    {
      weeks: pageColumn('firstWeeks'),
      from: pageColumn('firstFrom'),
      to: pageColumn('firstTo'),
      newest: true,
      extent: null,
      reads: null,
      // Its matches are those of the part of its week before the page's start.
      onRows: Prisma.sql`(SELECT "firstCovers" < "onRowsWeeks" FROM page)`,
    },
  ];
  // What the newer steps found and how far back they reached (one row, read once: OFFSET 0 keeps it whole).
  const counted = (i: number) => Prisma.sql`
    SELECT p.found + (SELECT count(*) FROM ${stepName('w', i - 1)})::int AS found, p.reach AS previous
    FROM ${i === 1 ? Prisma.sql`(SELECT 0 AS found, 0 AS reach)` : stepName('e', i - 1)} p OFFSET 0`;
  const limits = [...SEARCH_STEP_LIMITS.map((weeks) => ({ weeks, sized: true })), { weeks: SEARCH_WEEKS_BACK, sized: false }];
  const startWeek = pageColumn('startWeek');
  for (const [k, { weeks, sized }] of limits.entries()) {
    const i = k + 1;
    const most = raw(String(weeks));
    const reach = sized
      ? Prisma.sql`CASE WHEN found = 0 THEN ${most}
          ELSE least(${most}, previous + greatest(1, previous, ceil(${raw(String(SEARCH_MARGIN))} * (${raw(String(limit))} - found) * (${pageColumn('firstCovers')} + previous) / found)::int)) END`
      : most;
    const name = stepName('e', i);
    // A step wholly past the horizon has its oldest week after its newest.
    steps.push({
      weeks: Prisma.sql`ARRAY(SELECT generate_series(newest, oldest, -1) FROM ${name})`,
      from: null,
      to: null,
      newest: false,
      extent: Prisma.sql`
        SELECT found, reach, newest, oldest, newest - oldest + 1 < ${pageColumn('onRowsWeeks')} AS "onRows" FROM (
          SELECT found, reach, ${startWeek} - previous - 1 AS newest, greatest(${startWeek} - reach, ${pageColumn('horizonWeek')}) AS oldest
          FROM (SELECT found, previous, ${reach} AS reach FROM (${counted(i)}) counted) sized) bounds`,
      reads: Prisma.sql`(SELECT newest >= oldest FROM ${name})`,
      onRows: Prisma.sql`(SELECT "onRows" FROM ${name})`,
    });
  }
  steps.push({
    weeks: null,
    from: pageColumn('olderFrom'),
    to: pageColumn('older'),
    newest: false,
    extent: counted(steps.length),
    reads: Prisma.sql`(SELECT "olderFrom" < older FROM page)`,
    onRows: null,
  });
  return { steps, values, derived };
}

/**
 * Where a search of all or unread articles checks that a match is in the viewer's feeds: in the search index, whose
 * third column they are (`index`), or already, on the row of each match the index found by its words and weeks
 * (`checked`).
 */
type FeedCheck = 'index' | 'checked';

/**
 * The viewer's feeds as the search index's third column has them: a step reads only the matches in them (the unread
 * rows are all of subscribed feeds: there it narrows the index scan).
 */
function inFeedsOfIndex(query: ArticleQuery, refs: QueryRefs): Prisma.Sql {
  return Prisma.sql`ARRAY[a."feedId"] && ARRAY(${scopeFeeds(query, refs)})`;
}

/**
 * Whether the search's match `a` (a row with id, "feedId" and "publishedAt") is in the viewer's list; `inStep` narrows
 * the state tables, which copy "publishedAt", to a step's dates (the planner may start from them). The copy is named
 * equal to the article's too: a probe of the viewer's rows by date then finds the one row, where with the step's dates
 * alone it read every row of the step to find the article (a common word's unread page probes hundreds of matches).
 */
function inSearchedList(
  query: ArticleQuery,
  inStep: (column: string) => Prisma.Sql = () => Prisma.empty,
  refs: QueryRefs = valuesOf(query),
  feeds: FeedCheck = 'index',
): Prisma.Sql {
  const viewer = refs.viewer;
  const inFeeds = feeds === 'index' ? inFeedsOfIndex(query, refs) : Prisma.sql`true`;
  if (query.filter === 'unread')
    return Prisma.sql`${inFeeds} AND EXISTS (SELECT 1 FROM "UnreadArticle" u WHERE u."userId" = ${refs.unreadViewer} AND u."articleId" = a.id AND u."publishedAt" = a."publishedAt" ${inStep('u."publishedAt"')})`;
  if (query.filter === 'hidden')
    return Prisma.sql`EXISTS (SELECT 1 FROM "HiddenArticle" h WHERE h."userId" = ${viewer} AND h."articleId" = a.id) ${scopeCondition(query, 'a."feedId"', 'keep', refs)}`;
  if (query.filter === 'liked' || query.filter === 'starred')
    return Prisma.sql`EXISTS (SELECT 1 FROM ${stateTable(query.filter)} l WHERE l."userId" = ${viewer} AND l."articleId" = a.id AND l."publishedAt" = a."publishedAt" ${inStep('l."publishedAt"')}) ${scopeCondition(query, 'a."feedId"', 'keep', refs)}`;
  return Prisma.sql`${inFeeds} ${notHidden(viewer, 'a.id')}`;
}

/**
 * A search of rare words (searchWay.ts): every article its words match, from the search index's first column alone
 * (kept whole, so the planner cannot add the index's feed column back), then those in the viewer's list, in order.
 */
function wordsFirstRows(query: ArticleQuery, limit: number | null): Prisma.Sql {
  // An empty unread, liked or starred list reads no match (a condition of no row, tested once before the scan).
  const list = horizonList(query);
  const listHasRows =
    list === null ? Prisma.empty : Prisma.sql`AND EXISTS (SELECT 1 FROM ${stateTable(list)} WHERE "userId" = ${query.viewerId}::uuid)`;
  return Prisma.sql`
    WITH matched AS MATERIALIZED (
      SELECT id, "publishedAt", "feedId", ctid AS at FROM "Article"
      WHERE "searchVector" @@ websearch_to_tsquery('english', ${query.search}) ${listHasRows})
    SELECT a.id, a."publishedAt", a.at FROM matched a
    WHERE ${inSearchedList(query)} ${position(query, 'a."publishedAt"', 'a.id')}
    ${orderAndLimit(limit, 'a."publishedAt"', 'a.id')}`;
}

function searchRows(query: ArticleQuery, limit: number | null): Prisma.Sql {
  if (query.searchWay === 'words') return wordsFirstRows(query, limit);
  const matches = (step: SearchStep | null, rows: Prisma.Sql | null, refs: QueryRefs, words: Prisma.Sql) => {
    const inStep = (column: string) =>
      step
        ? Prisma.sql`${step.from ? Prisma.sql`AND ${raw(column)} >= ${step.from}` : Prisma.empty}
          ${step.to ? Prisma.sql`AND ${raw(column)} ${raw(step.newest ? '<=' : '<')} ${step.to}` : Prisma.empty}`
        : Prisma.empty;
    const weeks = step?.weeks ? Prisma.sql`AND ${raw(SEARCH_WEEK)} && ${step.weeks}` : Prisma.empty;
    const when = (condition: Prisma.Sql | null | undefined) => (condition ? Prisma.sql`AND ${condition}` : Prisma.empty);
    const rest = Prisma.sql`${position(query, 'a."publishedAt"', 'a.id', refs)} ${inStep('a."publishedAt"')}
      ${rows === null ? Prisma.empty : Prisma.sql`ORDER BY a."publishedAt" DESC, a.id DESC LIMIT ${rows}`}`;
    // A step's weeks are its dates for the search index. Only the newest step, which starts and ends within its
    // weeks, and the oldest, which has no weeks, have dates; on the others the planner would AND the index's matches
    // with a bitmap of every article of the step's dates.
    if (!step?.onRows || (query.filter !== 'all' && query.filter !== 'unread'))
      return Prisma.sql`
        SELECT a.id, a."publishedAt", a.ctid AS at FROM "Article" a
        WHERE a."searchVector" @@ ${words} ${weeks} AND ${inSearchedList(query, inStep, refs)} ${when(step?.reads)} ${rest}`;
    // The step's matches by its words, its weeks and the viewer's feeds, or, when `onRows` says so, by its words and
    // weeks alone (OFFSET 0 keeps the other conditions out of that scan), the feeds then checked on the rows found;
    // one of the two scans runs.
    const matched = Prisma.sql`SELECT a.id, a."publishedAt", a."feedId", a.ctid AS at FROM "Article" a
      WHERE a."searchVector" @@ ${words} ${weeks} ${when(step.reads)}`;
    return Prisma.sql`
      SELECT a.id, a."publishedAt", a.at FROM (
        (${matched} AND ${inFeedsOfIndex(query, refs)} AND NOT ${step.onRows})
        UNION ALL
        (SELECT * FROM (${matched} AND ${step.onRows} OFFSET 0) a WHERE a."feedId" IN (${scopeFeeds(query, refs)}))) a
      WHERE ${inSearchedList(query, inStep, refs, 'checked')} ${rest}`;
  };
  const words = Prisma.sql`websearch_to_tsquery('english', ${query.search})`;
  if (limit === null) return matches(null, null, valuesOf(query), words);
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`not a row limit: ${limit}`);
  // Steps newest first, back from the page's start: the cursor, else beforeDate (the newest step then ends
  // there, which the keyset condition alone does not tell the planner), else now. Step i asks only
  // for the rows the newer steps did not find, so once the page is full the rest run as LIMIT 0 and read
  // nothing; each reads the search index with the step's weeks.
  const from = query.after?.time ?? query.beforeDate ?? null;
  const { steps, values, derived } = searchSteps(query, from ?? new Date(), from === null, limit);
  // Every value is read from the one-row CTE `page`, so the statement has few and is planned once (listArticles).
  const { head, refs } = pageValues(query, { words, ...values }, derived);
  const parts = steps.flatMap((step, i) => {
    const rows = step.extent
      ? Prisma.sql`greatest(0, ${raw(String(limit))} - (SELECT found FROM ${stepName('e', i)}))`
      : raw(String(limit));
    const matched = Prisma.sql`${stepName('w', i)} AS MATERIALIZED (${matches(step, rows, refs, pageColumn('words'))})`;
    return step.extent ? [Prisma.sql`${stepName('e', i)} AS MATERIALIZED (${step.extent})`, matched] : [matched];
  });
  const union = Prisma.join(
    steps.map((_, i) => Prisma.sql`SELECT id, "publishedAt", at FROM ${stepName('w', i)}`),
    ' UNION ALL ',
  );
  return Prisma.sql`
    WITH ${head}, ${Prisma.join(parts, ',\n')}
    SELECT id, "publishedAt", at FROM (${union}) x ORDER BY "publishedAt" DESC, id DESC`;
}
