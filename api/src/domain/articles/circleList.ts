import { Prisma } from '../../generated/prisma/client.ts';
import type { Services } from '../core/services.ts';
import { visibleSharesSql } from '../access/shareVisibility.ts';
import type { ArticleQuery } from './articleQuery.ts';
import { encodeCirclePosition, type CirclePosition } from './circlePosition.ts';
import { loadArticleViews, type ArticleView } from './articleView.ts';
import { notHidden } from './articleListSql.ts';
import { everythingRulesSql, hiddenOutsideFeeds } from '../rules/hiddenOutsideFeeds.ts';
import type { RuleRow } from '../rules/applyRules.ts';

// The Circle view: the stories on which at least one person the viewer follows has a share the viewer may see
// (visibleSharesSql) or a comment, from any feed, followed or not. One row per story.
//
// Ranking, newest first by the tuple (UTC day of the story's latest signal, its weight, its latest signal, story id).
// The weight is how many people signalled it, a person the viewer is close to counting twice: close means the viewer
// has, in the last 90 days, liked or commented on an article that person shared (the viewer's own interactions with them). The day comes
// first so that a story three people shared today comes before one a single person shared today, yet a story many
// people shared last month does not stay on top for ever; within a day, more (and closer) people first, then the
// latest signal. Every part is a plain value of the story's signals, so the tuple is a total order the cursor can
// carry (the day follows from the latest signal, so the cursor holds weight, latest and story) and pages by one row
// comparison, without OFFSET. A new signal moves its story to the top: a reader paging at that moment does not see it
// again below, as with a new article in the other lists.
//
// Cost: a page first looks for the stories signalled since the start of the UTC day a week before where it starts
// (its cursor, or the circle's latest signal), through the signals' per-person indexes (Share(userId, createdAt, id), Comment(userId,
// createdAt)); it then reads every signal of the people the viewer follows on those stories' copies (Share and Comment
// by article), for their rank. A story signalled before that day has its latest signal on an earlier day, so it ranks
// after every story found: when the stories found fill the page, they are its rows. Else the page tries as many weeks
// back as the first week's rate of stories says it needs (secondWindowDays), then eight weeks, then every signal (a
// quiet circle, or a deep page), unless nobody signalled anything before the first. So a page costs what the circle
// signalled in the weeks it needs, not all it ever signalled (npm run bench:reading). The page's rows then load their views like the other lists. The
// viewer's own shares and comments are never signals. The close people are read once per page from the viewer's own
// likes and comments (their rows by user) and the shares of those articles (Share by article). The people followed are
// read once per statement (a materialized CTE, which also keeps the statement's planning at about half), and whether
// anyone signalled before the window only when the window does not fill the page.

/**
 * How recent the viewer's own interactions with a person must be for them to count as close: a like of an article
 * published, or a comment written, in these days (read by LikedArticle(userId, publishedAt), Comment(userId, createdAt)).
 */
const CLOSE_DAYS = 90;

/**
 * How far back from a page's start, in days, the first attempt looks for the stories it holds, and the furthest the
 * second looks before the last reads every signal.
 */
const FIRST_WINDOW_DAYS = 7;
const WIDEST_WINDOW_DAYS = 56;
/** How much more than the first week's rate of stories says the second attempt reaches back for. */
const WINDOW_MARGIN = 1.5;

/**
 * The days of the attempt after a first week that found `found` of the `wanted` rows: as many weeks as the week's rate
 * says the page needs, with a margin, up to eight (so a busy circle does not rank eight weeks of signals for the few
 * rows the week missed); eight when the week found nothing.
 */
export function secondWindowDays(found: number, wanted: number): number {
  if (found === 0) return WIDEST_WINDOW_DAYS;
  const weeks = Math.ceil((WINDOW_MARGIN * wanted) / found);
  return Math.min(WIDEST_WINDOW_DAYS, FIRST_WINDOW_DAYS * Math.max(2, weeks));
}

/**
 * Where an attempt starts looking, as an SQL value: the start of the UTC day `days` before the page's start, which is
 * its cursor's latest signal, or for a first page the latest signal of anyone the viewer follows (a probe of each one's
 * newest share and comment), so a circle quiet for a while still fills its first page at the first attempt.
 */
function sinceSql(viewerId: string, after: CirclePosition | null, days: number): Prisma.Sql {
  const start = after
    ? Prisma.sql`${after.latest}::timestamptz`
    : Prisma.sql`(SELECT max(greatest(
        (SELECT max(sh."createdAt") FROM "Share" sh WHERE sh."userId" = followed.id),
        (SELECT max(c."createdAt") FROM "Comment" c WHERE c."userId" = followed.id)))
      FROM (${followedSql()}) followed)`;
  return Prisma.sql`((date_trunc('day', ${start} AT TIME ZONE 'UTC') - make_interval(days => ${days}::int)) AT TIME ZONE 'UTC')`;
}

/**
 * The signals of the viewer's circle (people they follow and have not muted) on articles the viewer has not hidden, as
 * rows (story, article, "userId", "createdAt"): every one, those made since `since`, or each person's `newest` shares
 * and as many comments (read from their newest, by Share(userId, createdAt, id) and Comment(userId, createdAt)).
 */
function signalsSql(
  viewerId: string,
  { since = null, newest = null }: { since?: Prisma.Sql | null; newest?: Prisma.Sql | null },
): Prisma.Sql {
  const after = (row: string) => (since ? Prisma.sql`AND ${Prisma.raw(row)}."createdAt" >= ${since}` : Prisma.empty);
  const first = (row: string) => (newest ? Prisma.sql`ORDER BY ${Prisma.raw(row)}."createdAt" DESC LIMIT ${newest}` : Prisma.empty);
  return Prisma.sql`
    SELECT COALESCE(a."storyId", a.id) AS story, a.id AS article, signal."userId", signal."createdAt"
    FROM (${followedSql()}) followed CROSS JOIN LATERAL (
      (SELECT sh."articleId", sh."userId", sh."createdAt" FROM "Share" sh
      WHERE sh."userId" = followed.id ${after('sh')} AND ${visibleSharesSql({ id: viewerId }, 'sh')} ${first('sh')})
      UNION ALL
      (SELECT c."articleId", c."userId", c."createdAt" FROM "Comment" c
      WHERE c."userId" = followed.id ${after('c')} ${first('c')})
    ) signal
    JOIN "Article" a ON a.id = signal."articleId"
    WHERE true ${notHidden(Prisma.sql`${viewerId}::uuid`, 'a.id')}`;
}

/**
 * The signals of the viewer's circle as rows (story, article, "userId", "createdAt"): every one, or, with `since`,
 * every one on a copy of a story signalled since then.
 */
function circleSignalsSql(viewerId: string, since: Prisma.Sql | null): Prisma.Sql {
  if (since === null) return signalsSql(viewerId, {});
  const viewer = Prisma.sql`${viewerId}::uuid`;
  const followed = followedSql();
  return Prisma.sql`
    SELECT recent.story, copy.id AS article, signal."userId", signal."createdAt"
    FROM (SELECT DISTINCT signal.story FROM (${signalsSql(viewerId, { since })}) signal) recent
    CROSS JOIN LATERAL (
      SELECT c.id FROM "Article" c WHERE c.id = recent.story ${notHidden(viewer, 'c.id')}
      UNION SELECT c.id FROM "Article" c WHERE c."storyId" = recent.story ${notHidden(viewer, 'c.id')}
    ) copy
    CROSS JOIN LATERAL (
      SELECT sh."userId", sh."createdAt" FROM "Share" sh
      WHERE sh."articleId" = copy.id AND sh."userId" IN (${followed}) AND ${visibleSharesSql({ id: viewerId }, 'sh')}
      UNION ALL
      SELECT c."userId", c."createdAt" FROM "Comment" c WHERE c."articleId" = copy.id AND c."userId" IN (${followed})
    ) signal`;
}

/**
 * The signalled stories of the viewer's circle (all of them, or with `since` those signalled since then): (story,
 * latest, people, weight, day, signalled: the copy signalled last).
 */
function circleStoriesSql(viewerId: string, since: Prisma.Sql | null = null): Prisma.Sql {
  const viewer = Prisma.sql`${viewerId}::uuid`;
  return Prisma.sql`
    SELECT signal.story, max(signal."createdAt") AS latest, count(DISTINCT signal."userId")::int AS people,
      (count(DISTINCT signal."userId") + count(DISTINCT signal."userId") FILTER (WHERE close."userId" IS NOT NULL))::int AS weight,
      date_trunc('day', max(signal."createdAt") AT TIME ZONE 'UTC') AS day,
      (array_agg(signal.article ORDER BY signal."createdAt" DESC, signal.article DESC))[1] AS signalled
    FROM (${circleSignalsSql(viewerId, since)}) signal
    LEFT JOIN (
      SELECT DISTINCT sh."userId" FROM (
        SELECT "articleId" FROM "LikedArticle"
        WHERE "userId" = ${viewer} AND "publishedAt" >= now() - make_interval(days => ${CLOSE_DAYS}::int)
        UNION SELECT "articleId" FROM "Comment"
        WHERE "userId" = ${viewer} AND "createdAt" >= now() - make_interval(days => ${CLOSE_DAYS}::int)
      ) mine JOIN "Share" sh ON sh."articleId" = mine."articleId"
    ) close ON close."userId" = signal."userId"
    GROUP BY signal.story`;
}

type CircleRow = { id: string; story: string; latest: Date; weight: number };

export type CirclePage = { articles: ArticleView[]; cursors: string[]; hasNextPage: boolean; endCursor: string | null };

/**
 * The people the viewer follows and have not muted: the statement's first common table, `followed` (id), read once
 * however many parts of the statement ask for them.
 */
function followedTableSql(viewerId: string): Prisma.Sql {
  const viewer = Prisma.sql`${viewerId}::uuid`;
  return Prisma.sql`followed AS MATERIALIZED (
    SELECT f."followingId" AS id FROM "Follow" f
    WHERE f."followerId" = ${viewer} AND f."followingId" <> ${viewer}
      AND NOT EXISTS (SELECT 1 FROM "Mute" muted WHERE muted."muterId" = ${viewer} AND muted."mutedId" = f."followingId"))`;
}

/** The people of `followed` (followedTableSql), as a subquery of `id`. */
function followedSql(): Prisma.Sql {
  return Prisma.sql`SELECT id FROM followed`;
}

/**
 * Whether anyone the viewer follows shared or commented before `since`: each one's oldest share and comment, the first
 * row of their index by date.
 */
function signalledBeforeSql(since: Prisma.Sql | null): Prisma.Sql {
  if (since === null) return Prisma.sql`false`;
  return Prisma.sql`COALESCE((
    SELECT min(least(
      (SELECT min(sh."createdAt") FROM "Share" sh WHERE sh."userId" = followed.id),
      (SELECT min(c."createdAt") FROM "Comment" c WHERE c."userId" = followed.id)))
    FROM (${followedSql()}) followed) < ${since}, false)`;
}

type RankedPage = { rows: CircleRow[]; rules: RuleRow[]; signalledBefore: boolean };

/**
 * The page's ranked rows (one more than it shows) among the stories signalled since `since` (null: all of them), with
 * the viewer's rules for everything and whether anything was signalled before `since` (else a short page is the end).
 */
async function rankedCirclePage(
  services: Services,
  query: ArticleQuery,
  after: CirclePosition | null,
  since: Prisma.Sql | null,
): Promise<RankedPage> {
  const viewer = Prisma.sql`${query.viewerId}::uuid`;
  const position = after
    ? Prisma.sql`WHERE (ranked.day, ranked.weight, ranked.latest, ranked.story)
        < (date_trunc('day', ${after.latest}::timestamptz AT TIME ZONE 'UTC'), ${after.weight}::int, ${after.latest}::timestamptz, ${after.storyId}::uuid)`
    : Prisma.empty;
  // One row at least (the page's rows joined to the one row of what the page also needs); the copy shown is looked up
  // for the page's rows only, after the ranking's LIMIT. Whether anything was signalled before the start is asked
  // only when the page is not full (an InitPlan in the CASE runs when that branch is taken).
  // The start is worked out once (a materialized CTE), however many parts of the statement compare with it.
  const start = since === null ? null : Prisma.sql`(SELECT at FROM since)`;
  const rows = await services.readDb.$queryRaw<(Partial<CircleRow> & { rules: RuleRow[]; signalledBefore: boolean })[]>`
    WITH ${followedTableSql(query.viewerId)}${since === null ? Prisma.empty : Prisma.sql`, since AS MATERIALIZED (SELECT ${since} AS at)`},
    ranked_page AS MATERIALIZED (
      SELECT shown.id, top.story, top.latest, top.weight, top.day
      FROM (
        SELECT ranked.* FROM (${circleStoriesSql(query.viewerId, start)}) ranked
        ${position}
        ORDER BY ranked.day DESC, ranked.weight DESC, ranked.latest DESC, ranked.story DESC
        LIMIT ${Prisma.raw(String(query.first + 1))}
      ) top
      CROSS JOIN LATERAL (
        SELECT COALESCE((
          SELECT c.id FROM "Article" c
          JOIN "Subscription" s ON s."userId" = ${viewer} AND s."feedId" = c."feedId"
          WHERE c."storyId" = top.story OR c.id = top.story
          ORDER BY s."createdAt", c.id LIMIT 1), top.signalled) AS id
      ) shown
    )
    SELECT page.id, page.story, page.latest, page.weight, meta.rules, meta."signalledBefore"
    FROM (
      SELECT ${everythingRulesSql(query.viewerId)} AS rules,
        CASE WHEN (SELECT count(*) FROM ranked_page) > ${query.first}::int THEN false
          ELSE ${signalledBeforeSql(start)} END AS "signalledBefore"
    ) meta
    LEFT JOIN ranked_page page ON true
    ORDER BY page.day DESC, page.weight DESC, page.latest DESC, page.story DESC`;
  const meta = rows[0]!;
  return {
    rows: rows.filter((row): row is CircleRow & typeof row => row.id != null) as CircleRow[],
    rules: meta.rules,
    signalledBefore: meta.signalledBefore,
  };
}

/**
 * One page of the Circle view: the ranked stories in one statement (more when the week before the page's start does
 * not fill it: see Cost above; with the viewer's rules for everything, which hide articles of feeds they do not follow
 * too: one more statement when they have any), then their views in a second (the views are loaded by id, in rank
 * order). Each story shows as its copy in the feed the viewer subscribed to first, else as the copy last signalled.
 */
export async function listCircle(services: Services, query: ArticleQuery, after: CirclePosition | null): Promise<CirclePage> {
  const wanted = query.first + 1;
  const attempt = (days: number | null) =>
    rankedCirclePage(services, query, after, days === null ? null : sinceSql(query.viewerId, after, days));
  let page = await attempt(FIRST_WINDOW_DAYS);
  const windows = [secondWindowDays(page.rows.length, wanted), WIDEST_WINDOW_DAYS, null];
  for (const days of new Set(windows)) {
    if (page.rows.length >= wanted || !page.signalledBefore) break;
    page = await attempt(days);
  }
  const { rows } = page;
  // Rules for everything also hide articles of feeds the viewer does not follow (HiddenArticle holds their own
  // feeds'): such a row is left out of the page, which may then be short; the cursor still follows the ranking.
  const ranked = rows.slice(0, query.first);
  // Both read at once: the views of a row the rules then hide are dropped.
  const ids = ranked.map((row) => row.id);
  const [hidden, views] = await Promise.all([
    hiddenOutsideFeeds(services, query.viewerId, ids, page.rules),
    loadArticleViews(services, query.viewerId, { ids }),
  ]);
  const shown = ranked.filter((row) => !hidden.has(row.id));
  const articles = views.filter((view) => !hidden.has(view.id));
  const cursorOf = (row: CircleRow) => encodeCirclePosition({ weight: row.weight, latest: row.latest, storyId: row.story });
  const cursors = shown.map(cursorOf);
  const last = ranked.at(-1);
  return { articles, cursors, hasNextPage: rows.length > query.first, endCursor: last ? cursorOf(last) : null };
}

/**
 * How many stories the Circle view holds. With `upTo`, an answer over it says "more than upTo" (upTo + 1): the stories
 * of each person's newest signals are counted first (upTo + 1 shares and as many comments shared out among the people
 * followed: about twice upTo + 1 signals), and every story only when those are no more than upTo. Counting every
 * story ranks all a circle ever signalled: 0.3 s at 1 M articles for a reader following a hundred people, 35 ms so.
 */
export async function countCircle(services: Services, viewerId: string, upTo: number | null): Promise<number> {
  const every = Prisma.sql`(SELECT count(*) FROM (${circleStoriesSql(viewerId)}) stories)::int`;
  const newest = Prisma.sql`(SELECT ceil((${upTo}::int + 1.0) / greatest(count(*), 1))::int FROM followed)`;
  const count =
    upTo === null
      ? every
      : Prisma.sql`CASE WHEN (SELECT count(DISTINCT signal.story) FROM (${signalsSql(viewerId, { newest })}) signal) > ${upTo}::int
          THEN ${upTo + 1}::int ELSE least(${every}, ${upTo + 1}::int) END`;
  const [row] = await services.readDb.$queryRaw<{ count: number }[]>`
    WITH ${followedTableSql(viewerId)}
    SELECT ${count} AS count`;
  return row?.count ?? 0;
}
