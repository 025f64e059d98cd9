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
// has liked or commented on an article that person shared (the viewer's own interactions with them). The day comes
// first so that a story three people shared today comes before one a single person shared today, yet a story many
// people shared last month does not stay on top for ever; within a day, more (and closer) people first, then the
// latest signal. Every part is a plain value of the story's signals, so the tuple is a total order the cursor can
// carry (the day follows from the latest signal, so the cursor holds weight, latest and story) and pages by one row
// comparison, without OFFSET. A new signal moves its story to the top: a reader paging at that moment does not see it
// again below, as with a new article in the other lists.
//
// Cost: each page reads every signal of the people the viewer follows, through the Follow key and the signals'
// per-person indexes (Share(userId, createdAt, id), Comment(userId)), grouped by story; it grows with how much the
// circle has shared and commented, not with the number of articles. The page's rows then load their views like the
// other lists. The viewer's own shares and comments are never signals. The close people are read once per page from the
// viewer's own likes and comments (their rows by user) and the shares of those articles (Share by article).

/**
 * The signalled stories of the viewer's circle (people they follow and have not muted): (story, latest, people, weight,
 * day, signalled: the copy signalled last).
 */
function circleStoriesSql(viewerId: string): Prisma.Sql {
  const viewer = Prisma.sql`${viewerId}::uuid`;
  return Prisma.sql`
    SELECT COALESCE(a."storyId", a.id) AS story, max(signal."createdAt") AS latest, count(DISTINCT signal."userId")::int AS people,
      (count(DISTINCT signal."userId") + count(DISTINCT signal."userId") FILTER (WHERE close."userId" IS NOT NULL))::int AS weight,
      date_trunc('day', max(signal."createdAt") AT TIME ZONE 'UTC') AS day,
      (array_agg(a.id ORDER BY signal."createdAt" DESC, a.id DESC))[1] AS signalled
    FROM "Follow" followed
    CROSS JOIN LATERAL (
      SELECT sh."articleId", sh."userId", sh."createdAt" FROM "Share" sh
      WHERE sh."userId" = followed."followingId" AND ${visibleSharesSql({ id: viewerId }, 'sh')}
      UNION ALL
      SELECT c."articleId", c."userId", c."createdAt" FROM "Comment" c WHERE c."userId" = followed."followingId"
    ) signal
    JOIN "Article" a ON a.id = signal."articleId"
    LEFT JOIN (
      SELECT DISTINCT sh."userId" FROM (
        SELECT "articleId" FROM "LikedArticle" WHERE "userId" = ${viewer}
        UNION SELECT "articleId" FROM "Comment" WHERE "userId" = ${viewer}
      ) mine JOIN "Share" sh ON sh."articleId" = mine."articleId"
    ) close ON close."userId" = signal."userId"
    WHERE followed."followerId" = ${viewer} AND followed."followingId" <> ${viewer} ${notHidden(viewer, 'a.id')}
      AND NOT EXISTS (SELECT 1 FROM "Mute" muted WHERE muted."muterId" = ${viewer} AND muted."mutedId" = followed."followingId")
    GROUP BY COALESCE(a."storyId", a.id)`;
}

type CircleRow = { id: string; story: string; latest: Date; weight: number; rules: RuleRow[] };

export type CirclePage = { articles: ArticleView[]; cursors: string[]; hasNextPage: boolean; endCursor: string | null };

/**
 * One page of the Circle view: the ranked stories in one statement (with the viewer's rules for everything, which hide
 * articles of feeds they do not follow too: one more statement when they have any), then their views in a second (the views are
 * loaded by id, in rank order). Each story shows as its copy in the feed the viewer subscribed to first, else as
 * the copy last signalled.
 */
export async function listCircle(services: Services, query: ArticleQuery, after: CirclePosition | null): Promise<CirclePage> {
  const viewer = Prisma.sql`${query.viewerId}::uuid`;
  const position = after
    ? Prisma.sql`WHERE (ranked.day, ranked.weight, ranked.latest, ranked.story)
        < (date_trunc('day', ${after.latest}::timestamptz AT TIME ZONE 'UTC'), ${after.weight}::int, ${after.latest}::timestamptz, ${after.storyId}::uuid)`
    : Prisma.empty;
  // The copy shown is looked up for the page's rows only, after the ranking's LIMIT.
  const rows = await services.db.$queryRaw<CircleRow[]>`
    SELECT shown.id, top.story, top.latest, top.weight, ${everythingRulesSql(query.viewerId)} AS rules
    FROM (
      SELECT ranked.* FROM (${circleStoriesSql(query.viewerId)}) ranked
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
    ORDER BY top.day DESC, top.weight DESC, top.latest DESC, top.story DESC`;
  // Rules for everything also hide articles of feeds the viewer does not follow (HiddenArticle holds their own
  // feeds'): such a row is left out of the page, which may then be short; the cursor still follows the ranking.
  const ranked = rows.slice(0, query.first);
  const hidden = await hiddenOutsideFeeds(
    services,
    query.viewerId,
    ranked.map((row) => row.id),
    rows[0]?.rules ?? [],
  );
  const shown = ranked.filter((row) => !hidden.has(row.id));
  const articles = await loadArticleViews(services, query.viewerId, { ids: shown.map((row) => row.id) });
  const cursorOf = (row: CircleRow) => encodeCirclePosition({ weight: row.weight, latest: row.latest, storyId: row.story });
  const cursors = shown.map(cursorOf);
  const last = ranked.at(-1);
  return { articles, cursors, hasNextPage: rows.length > query.first, endCursor: last ? cursorOf(last) : null };
}

/** How many stories the Circle view holds. */
export async function countCircle(services: Services, viewerId: string): Promise<number> {
  const [row] = await services.db.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS count FROM (${circleStoriesSql(viewerId)}) stories`;
  return row?.count ?? 0;
}
