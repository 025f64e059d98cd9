import type { PrismaClient } from '../../db/prisma.ts';
import { feedAddressIsPublicSql, publicFeedAddress } from '../access/feedAddress.ts';
import { notHidden } from '../articles/articleListSql.ts';
import type { RuleRow } from '../rules/applyRules.ts';
import { everythingRulesSql, hiddenOutsideFeeds } from '../rules/hiddenOutsideFeeds.ts';
import type { TopicArticle } from '../topics/findTopics.ts';
import { visibleSharesSql } from '../access/shareVisibility.ts';

/** An article of the week with the feed it came from. */
export type WeekArticle = TopicArticle & { feedId: string; feedTitle: string };

/** A feed the viewer does not follow that people they follow read or shared in the week; `url` is its public address. */
export type FeedSuggestion = { feedId: string; title: string; url: string; people: number };

/** Something others did around the viewer's activity: a comment on what they shared or discussed, a share by someone they follow. */
export type SocialEvent = { kind: 'comment' | 'share'; username: string; articleId: string; title: string };

/** A story that people the viewer follows shared in the week: its first shared copy, and how many of them shared it. */
export type CircleShared = { id: string; title: string; feedTitle: string; people: number };

/** A passage the reader highlighted in the week, with its note and article. */
export type WeekHighlight = { exact: string; note: string | null; articleId: string; title: string };

export type PersonalActivity = {
  counts: { reads: number; likes: number; shares: number; starred: number };
  articles: WeekArticle[];
  suggestions: FeedSuggestion[];
  social: SocialEvent[];
  circleShared: CircleShared[];
  highlights: WeekHighlight[];
};

/** At most this many articles go into topic finding (the most recent): enough for a week, bounded in time. */
export const TOPIC_ARTICLES_MAX = 200;
/** Text of an article beyond this adds words, not topics. */
const TOPIC_TEXT_CHARS = 3000;
const SUGGESTIONS_MAX = 5;
const SOCIAL_EVENTS_MAX = 5;
const CIRCLE_SHARED_MAX = 5;
const HIGHLIGHTS_MAX = 10;
/**
 * What people shared is read this many times over what a section shows, so that the section stays full when the
 * reader's rules for everything hide some of it in feeds they do not follow (found after the statement).
 */
const HIDDEN_MARGIN = 3;

/**
 * What `userId` did in [start, end), by when it happened: reads (ArticleRead), likes, shares and stars; the
 * articles behind them; feed suggestions from the people they follow; what others did around it; and their highlights.
 * The reader's filter rules apply as in their lists: an article they only read and their rules now hide leaves the
 * topics (what they liked, starred or shared stays: they kept it), and what people shared leaves the sections when
 * their rules hide it (HiddenArticle for the feeds they follow, hiddenOutsideFeeds for the others). Muted feeds
 * stay: every section is the reader's own doing or other people's, none lists the articles of the reader's feeds.
 */
export async function personalActivity(db: PrismaClient, userId: string, start: Date, end: Date): Promise<PersonalActivity> {
  const [[{ rules, ...counts }], articles, suggestions, comments, shares, circleShared, highlights] = await Promise.all([
    // With the reader's rules for everything, which may hide what people shared in feeds the reader does not follow.
    db.$queryRaw<[PersonalActivity['counts'] & { rules: RuleRow[] }]>`
      SELECT ${everythingRulesSql(userId)} AS rules,
        (SELECT count(*)::int FROM "ArticleRead" WHERE "userId" = ${userId}::uuid AND "readAt" >= ${start} AND "readAt" < ${end}) AS reads,
        (SELECT count(*)::int FROM "LikedArticle" WHERE "userId" = ${userId}::uuid AND "createdAt" >= ${start} AND "createdAt" < ${end}) AS likes,
        (SELECT count(*)::int FROM "Share" WHERE "userId" = ${userId}::uuid AND "createdAt" >= ${start} AND "createdAt" < ${end}) AS shares,
        (SELECT count(*)::int FROM "StarredArticle" WHERE "userId" = ${userId}::uuid AND "createdAt" >= ${start} AND "createdAt" < ${end}) AS starred`,
    db.$queryRaw<WeekArticle[]>`
      WITH touched AS (
        SELECT r."articleId", r."readAt" AS at FROM "ArticleRead" r WHERE r."userId" = ${userId}::uuid AND r."readAt" >= ${start} AND r."readAt" < ${end}
          ${notHidden(userId, 'r."articleId"')}
        UNION ALL SELECT "articleId", "createdAt" FROM "LikedArticle" WHERE "userId" = ${userId}::uuid AND "createdAt" >= ${start} AND "createdAt" < ${end}
        UNION ALL SELECT "articleId", "createdAt" FROM "Share" WHERE "userId" = ${userId}::uuid AND "createdAt" >= ${start} AND "createdAt" < ${end}
        UNION ALL SELECT "articleId", "createdAt" FROM "StarredArticle" WHERE "userId" = ${userId}::uuid AND "createdAt" >= ${start} AND "createdAt" < ${end}
      ), latest AS (
        SELECT "articleId", max(at) AS at FROM touched GROUP BY "articleId" ORDER BY at DESC, "articleId" LIMIT ${TOPIC_ARTICLES_MAX}
      )
      SELECT a.id, a.title, a."feedId", coalesce(nullif(s.title, ''), f.title) AS "feedTitle",
             left(a.excerpt || ' ' || a.content, ${TOPIC_TEXT_CHARS}) AS text
      FROM latest JOIN "Article" a ON a.id = latest."articleId" JOIN "Feed" f ON f.id = a."feedId"
      LEFT JOIN "Subscription" s ON s."feedId" = a."feedId" AND s."userId" = ${userId}::uuid
      ORDER BY latest.at DESC, a.id`,
    // Who read or shared is not named: a count of people says enough and tells nobody's reading. The reader does not
    // subscribe to these feeds, so an address that holds a subscriber's secret is not suggested (feedAddressIsPublicSql).
    db.$queryRaw<FeedSuggestion[]>`
      WITH followed AS (SELECT "followingId" AS "userId" FROM "Follow" WHERE "followerId" = ${userId}::uuid),
      activity AS (
        SELECT r."userId", r."articleId" FROM "ArticleRead" r JOIN followed USING ("userId") WHERE r."readAt" >= ${start} AND r."readAt" < ${end}
        UNION SELECT s."userId", s."articleId" FROM "Share" s JOIN followed USING ("userId") WHERE s."createdAt" >= ${start} AND s."createdAt" < ${end}
      )
      SELECT f.id AS "feedId", f.title, f.url, count(DISTINCT activity."userId")::int AS people
      FROM activity JOIN "Article" a ON a.id = activity."articleId" JOIN "Feed" f ON f.id = a."feedId"
      WHERE f.kind = 'feed' AND ${feedAddressIsPublicSql('f')}
        AND NOT EXISTS (SELECT 1 FROM "Subscription" WHERE "userId" = ${userId}::uuid AND "feedId" = f.id)
      GROUP BY f.id ORDER BY people DESC, count(*) DESC, f.title, f.id LIMIT ${SUGGESTIONS_MAX}`,
    db.$queryRaw<SocialEvent[]>`
      SELECT 'comment' AS kind, u.username::text, a.id AS "articleId", a.title
      FROM "Comment" c JOIN "Article" a ON a.id = c."articleId" JOIN "User" u ON u.id = c."userId"
      WHERE c."createdAt" >= ${start} AND c."createdAt" < ${end} AND c."userId" <> ${userId}::uuid
        AND (EXISTS (SELECT 1 FROM "Share" WHERE "userId" = ${userId}::uuid AND "articleId" = c."articleId")
          OR EXISTS (SELECT 1 FROM "Comment" mine WHERE mine."userId" = ${userId}::uuid AND mine."articleId" = c."articleId"))
      ORDER BY c."createdAt" DESC, c.id DESC LIMIT ${SOCIAL_EVENTS_MAX}`,
    // A follower may see every share of the people they follow, private ones included (shareVisibility.ts).
    db.$queryRaw<SocialEvent[]>`
      SELECT 'share' AS kind, u.username::text, a.id AS "articleId", a.title
      FROM "Share" s JOIN "Follow" fo ON fo."followingId" = s."userId" AND fo."followerId" = ${userId}::uuid
      JOIN "Article" a ON a.id = s."articleId" JOIN "User" u ON u.id = s."userId"
      WHERE s."createdAt" >= ${start} AND s."createdAt" < ${end} ${notHidden(userId, 'a.id')}
      ORDER BY s."createdAt" DESC, s.id DESC LIMIT ${SOCIAL_EVENTS_MAX * HIDDEN_MARGIN}`,
    // The stories most shared by the people the viewer follows (shares the viewer may see: muted people's are not),
    // each told by the copy shared first.
    db.$queryRaw<CircleShared[]>`
      WITH shared AS (
        SELECT COALESCE(a."storyId", a.id) AS story, s."userId", s."createdAt", a.id, a.title, f.title AS "feedTitle"
        FROM "Share" s JOIN "Follow" fo ON fo."followingId" = s."userId" AND fo."followerId" = ${userId}::uuid
        JOIN "Article" a ON a.id = s."articleId" JOIN "Feed" f ON f.id = a."feedId"
        WHERE s."createdAt" >= ${start} AND s."createdAt" < ${end} AND ${visibleSharesSql({ id: userId }, 's')} ${notHidden(userId, 'a.id')}
      )
      SELECT (array_agg(id ORDER BY "createdAt", id))[1] AS id, (array_agg(title ORDER BY "createdAt", id))[1] AS title,
        (array_agg("feedTitle" ORDER BY "createdAt", id))[1] AS "feedTitle", count(DISTINCT "userId")::int AS people
      FROM shared GROUP BY story
      ORDER BY people DESC, max("createdAt") DESC, story LIMIT ${CIRCLE_SHARED_MAX * HIDDEN_MARGIN}`,
    // The reader's own highlights of the week, newest first (Highlight's index of a reader's, by time).
    db.$queryRaw<WeekHighlight[]>`
      SELECT h.exact, h.note, a.id AS "articleId", a.title
      FROM "Highlight" h JOIN "Article" a ON a.id = h."articleId"
      WHERE h."userId" = ${userId}::uuid AND h."createdAt" >= ${start} AND h."createdAt" < ${end}
      ORDER BY h."createdAt" DESC, h.id DESC LIMIT ${HIGHLIGHTS_MAX}`,
  ]);
  const hidden = await hiddenOutsideFeeds(
    { db },
    userId,
    [...new Set([...shares.map((event) => event.articleId), ...circleShared.map((article) => article.id)])],
    rules,
  );
  return {
    counts,
    articles,
    suggestions: suggestions.map((feed) => ({ ...feed, url: publicFeedAddress(feed.url) })),
    social: [...comments, ...shares.filter((event) => !hidden.has(event.articleId)).slice(0, SOCIAL_EVENTS_MAX)],
    circleShared: circleShared.filter((article) => !hidden.has(article.id)).slice(0, CIRCLE_SHARED_MAX),
    highlights,
  };
}
