import { Prisma } from '../../generated/prisma/client.ts';
import type { ArticleQuery } from './articleQuery.ts';

// The SQL behind the article lists. Every list is newest first by ("publishedAt", id) and pages by keyset
// (never OFFSET), and each shape is chosen so its cost does not grow with depth:
//   unread  a range of UnreadArticle_userId_publishedAt_articleId_idx (or its per-feed sibling), in order;
//   liked   a range of LikedArticle_userId_publishedAt_articleId_idx, in order;
//   all     one short range of Article_feedId_publishedAt_id_idx per subscribed feed, merged (LATERAL);
//   search  date windows walked back from the page's start, each answered by the GIN index on "searchVector"
//           with the window's range of Article_publishedAt_id_idx, or by that range in order, whichever the
//           planner prices lower for the window; windows past a full page are not run.
// A folder walks its feeds one by one like `all`, so a small folder never scans the whole list.
// `limit` null answers the same rows unordered, for counting. Figures and plans: docs/performance.md.

const raw = Prisma.raw;

/** The (id, "publishedAt") rows of one page (`limit` rows, ordered) or of the whole list (`limit` null). */
export function articleRowsSql(query: ArticleQuery, limit: number | null): Prisma.Sql {
  if (query.search !== null) return searchRows(query, limit);
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
 * How far back from where a search page starts each step of its walk reaches. A page is filled from the newest
 * window that has matches, so a common word never sorts (or fetches) all of its matches, and a mid-frequency
 * or rare word pays for its matches one window at a time.
 */
const SEARCH_WINDOWS = ['1 day', '7 days', '30 days', '180 days'];

function searchRows(query: ArticleQuery, limit: number | null): Prisma.Sql {
  const viewer = Prisma.sql`${query.viewerId}::uuid`;
  const matches = (window: { lo: Prisma.Sql; hi: Prisma.Sql | null; upTo: boolean } | null, rows: Prisma.Sql | null) => {
    // A window is lo <= t < hi, or lo <= t <= hi for the newest (upTo); hi null leaves it open upwards.
    const inWindow = (column: string) =>
      window
        ? Prisma.sql`AND ${raw(column)} >= ${window.lo} ${window.hi ? Prisma.sql`AND ${raw(column)} ${raw(window.upTo ? '<=' : '<')} ${window.hi}` : Prisma.empty}`
        : Prisma.empty;
    // The state tables copy "publishedAt", so the window also narrows them (the planner may start from them).
    const membership =
      query.filter === 'unread'
        ? Prisma.sql`EXISTS (SELECT 1 FROM "UnreadArticle" u WHERE u."userId" = ${viewer} AND u."articleId" = a.id ${inWindow('u."publishedAt"')}) ${scopeCondition(query, 'a."feedId"')}`
        : query.filter === 'liked'
          ? Prisma.sql`EXISTS (SELECT 1 FROM "LikedArticle" l WHERE l."userId" = ${viewer} AND l."articleId" = a.id ${inWindow('l."publishedAt"')}) ${scopeCondition(query, 'a."feedId"')}`
          : // IS TRUE keeps the feeds from being an index condition: walking the user's feeds and testing the text
            // of each article costs far more than the planner thinks (searchVector is TOASTed), while the GIN
            // index narrowed by the date window fetches only the window's matches.
            Prisma.sql`(a."feedId" = ANY (ARRAY(${scopeFeeds(query)}))) IS TRUE`;
    return Prisma.sql`
      SELECT a.id, a."publishedAt" FROM "Article" a
      WHERE a."searchVector" @@ websearch_to_tsquery('english', ${query.search}) AND ${membership}
      ${position(query, 'a."publishedAt"', 'a.id')} ${inWindow('a."publishedAt"')}
      ${rows === null ? Prisma.empty : Prisma.sql`ORDER BY a."publishedAt" DESC, a.id DESC LIMIT ${rows}`}`;
  };
  if (limit === null) return matches(null, null);
  // Windows newest first, each [lo, hi) back from the page's start: the cursor, else beforeDate (the newest
  // window then ends there, inclusive, which the keyset condition alone does not tell the planner), else now
  // (the newest window is then open upwards, for articles dated in the future); the oldest window is open
  // downwards. Window k asks only for the rows the newer windows did not find, so once the page is full the
  // rest run as LIMIT 0 and read nothing; each is its own part of the statement with its own bounds, so the
  // planner picks the index per window.
  const from = query.after?.publishedAt ?? query.beforeDate ?? null;
  const start = from ? Prisma.sql`${from}::timestamptz` : Prisma.sql`now()`;
  const edges = [
    from ? start : null,
    ...SEARCH_WINDOWS.map((back) => Prisma.sql`${start} - ${back}::interval`),
    Prisma.sql`'-infinity'::timestamptz`,
  ];
  const windows = edges.slice(1).map((lo, i) => {
    const found = Array.from({ length: i }, (_, k) => Prisma.sql`(SELECT count(*) FROM w${raw(String(k))})`);
    const rows = i === 0 ? Prisma.sql`${limit}` : Prisma.sql`greatest(0, ${limit} - ${Prisma.join(found, ' - ')})`;
    return Prisma.sql`w${raw(String(i))} AS MATERIALIZED (${matches({ lo: lo!, hi: edges[i] ?? null, upTo: i === 0 }, rows)})`;
  });
  const union = Prisma.join(
    windows.map((_, i) => Prisma.sql`SELECT id, "publishedAt" FROM w${raw(String(i))}`),
    ' UNION ALL ',
  );
  return Prisma.sql`
    WITH ${Prisma.join(windows, ',\n')}
    SELECT id, "publishedAt" FROM (${union}) x ORDER BY "publishedAt" DESC, id DESC`;
}
