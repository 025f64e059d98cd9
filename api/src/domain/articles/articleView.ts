import { Prisma } from '../../generated/prisma/client.ts';
import { queryRows } from '../../db/prisma.ts';
import type { Enclosure } from '../../ingest/normalise.ts';
import { feedAddressFor } from '../access/feedAddress.ts';
import { mediaAddress, type MediaProxy } from '../media/mediaAddress.ts';
import { mediaProxyFor } from '../media/mediaProxy.ts';
import { proxyContent } from '../media/proxyContent.ts';
import type { Services } from '../core/services.ts';
import { visibleSharesSql } from '../access/shareVisibility.ts';
import type { PublicUser } from '../core/publicUser.ts';

/** How many of the people of a circle signal a view names; the rest are only counted. */
export const CIRCLE_NAMES_MAX = 5;

/**
 * The people the viewer follows who shared the article's story (shares the viewer may see) and who commented on it:
 * each list newest first, distinct, without the viewer, at most `CIRCLE_NAMES_MAX` names; the counts are of everyone.
 */
export type ArticleCircle = { sharedBy: PublicUser[]; commentedBy: PublicUser[]; sharedByCount: number; commentedByCount: number };

/** An article as one viewer sees it: the article, their own state of it, and its social counts. */
export type ArticleView = {
  id: string;
  title: string;
  url: string | null;
  author: string | null;
  excerpt: string;
  /** Through the media proxy when MEDIA_PROXY asks for it, like the media of `content`. */
  imageUrl: string | null;
  /** Audio and video files (podcast episodes); their addresses through the media proxy like `imageUrl`'s. */
  enclosures: Enclosure[];
  /** The page where the article is discussed (RSS <comments>). */
  commentsUrl: string | null;
  /** The site of a page shared from the web; null for articles of feeds. */
  siteName: string | null;
  /** A newsletter issue's List-Unsubscribe address; null otherwise. */
  unsubscribeUrl: string | null;
  publishedAt: Date;
  feed: {
    id: string;
    title: string;
    url: string;
    description: string;
    siteUrl: string | null;
    fetchError: string | null;
    lastFetchedAt: Date | null;
    /** Whether the viewer subscribes to the feed: `url` and `siteUrl` are then whole, else `publicFeedAddress`. */
    viewerSubscribes: boolean;
  };
  /** Whether the viewer always reads the feed's full articles (their subscription's setting). */
  showsFullText: boolean;
  /** The feed's title as the viewer sees it: their own for a renamed subscription. */
  feedTitle: string;
  isRead: boolean;
  isLiked: boolean;
  starred: boolean;
  /** The story the article tells: shared with its copies in other feeds, else the article's own id. */
  storyId: string;
  /** The viewer's other copies of the story: those in feeds they subscribe to, the feed subscribed to first first. */
  alsoIn: StoryCopy[];
  /** The story's, over all its copies; shares count only those the viewer may see (`visibleSharesSql`). */
  counts: { comments: number; shares: number; likes: number };
  /** Who of the people the viewer follows shared or commented on the story. */
  circle: ArticleCircle;
  /**
   * Sanitised HTML, its media through the proxy as MEDIA_PROXY asks; present only when it was asked for. The full
   * article read from its page when the viewer always reads the feed's full articles and it has been read, else the feed's.
   */
  content?: string;
  /** Where the article's full text stands (null: never asked for); present only when the content was asked for. */
  fullText?: FullTextState | null;
};

/** Where an article's full text stands: read (`done`), being read (`pending`) or not found (`failed`, with why). */
export type FullTextState = {
  status: 'pending' | 'done' | 'failed';
  /** When the page was last fetched, successfully or not. */
  fetchedAt: Date | null;
  error: string | null;
  /** The page the text was read from, after redirects. */
  sourceUrl: string | null;
  /** The full article's HTML, media through the proxy; given when it is the answer asked for. */
  content?: string;
};

/** A copy of a story in another of the viewer's feeds. */
export type StoryCopy = { articleId: string; feed: { id: string; title: string } };

type ArticleViewRow = Omit<ArticleView, 'feed' | 'feedTitle' | 'counts' | 'circle' | 'content' | 'fullText'> & {
  feedId: string;
  feedOwnTitle: string;
  feedUrl: string;
  feedDescription: string;
  feedSiteUrl: string | null;
  feedFetchError: string | null;
  feedLastFetchedAt: Date | null;
  subscriptionTitle: string | null;
  subscribed: boolean;
  comments: number;
  shares: number;
  likes: number;
  sharedBy: PublicUser[];
  sharedByCount: number;
  commentedBy: PublicUser[];
  commentedByCount: number;
  content: string | null;
  fullText: (Omit<FullTextState, 'fetchedAt'> & { fetchedAt: string | null }) | null | undefined;
};

/**
 * The view of the articles `ids` for `viewerId` in one statement, in `ids` order. `page` may instead be a
 * query answering (id, publishedAt) rows, newest first: the list and its views are then a single round trip. A
 * `located` page also answers each row's ctid (`at`), which the view reads the article by: a page from disk then waits
 * for one read per article fewer (its primary key's leaf), and the statement's one snapshot keeps the ctid right.
 * The statement is planned once per connection, wherever its page starts (listArticles). It tolerates lag
 * (`genericPlanReadDb`, as `readDb`): a request that wrote reads its own writes.
 */
export async function loadArticleViews(
  services: Pick<Services, 'db' | 'genericPlanReadDb' | 'config'>,
  viewerId: string,
  source: { ids: string[] } | { page: Prisma.Sql; located?: boolean },
  options: { content?: boolean } = {},
): Promise<ArticleView[]> {
  const page = 'page' in source ? source.page : Prisma.sql`SELECT id, "publishedAt" FROM "Article" WHERE id = ANY(${source.ids}::uuid[])`;
  const rows = await queryRows<ArticleViewRow>(
    services.genericPlanReadDb,
    Prisma.sql`
    WITH page AS (${page})
    SELECT a.id, a.title, a.url, a.author, a.excerpt, a."imageUrl", a.enclosures, a."commentsUrl", a."siteName", a."unsubscribeUrl", a."publishedAt",
      ${options.content ? CONTENT_COLUMNS : Prisma.sql`NULL AS content`},
      a."feedId", f.title AS "feedOwnTitle", f.url AS "feedUrl", f.description AS "feedDescription", f."siteUrl" AS "feedSiteUrl",
      f."fetchError" AS "feedFetchError", f."lastFetchedAt" AS "feedLastFetchedAt", s.title AS "subscriptionTitle", s.id IS NOT NULL AS subscribed,
      COALESCE(s."fullText", false) AS "showsFullText",
      NOT ${hasRow('"UnreadArticle"', viewerId)} AS "isRead", ${hasRow('"LikedArticle"', viewerId)} AS "isLiked",
      ${hasRow('"StarredArticle"', viewerId)} AS starred,
      COALESCE(a."storyId", a.id) AS "storyId",
      CASE WHEN a."storyId" IS NULL THEN '[]'::json ELSE COALESCE((
        SELECT json_agg(json_build_object('articleId', c.id, 'feed', json_build_object('id', c."feedId", 'title', COALESCE(cs.title, NULLIF(cf.title, ''), cf.url)))
          ORDER BY cs."createdAt", c.id)
        FROM "Article" c
        JOIN "Subscription" cs ON cs."userId" = ${viewerId}::uuid AND cs."feedId" = c."feedId"
        JOIN "Feed" cf ON cf.id = c."feedId"
        WHERE c."storyId" = a."storyId" AND c.id <> a.id), '[]'::json) END AS "alsoIn",
      (SELECT count(*) FROM "Comment" c WHERE c."articleId" = ANY(story.ids))::int AS comments,
      (SELECT count(*) FROM "Share" sh WHERE sh."articleId" = ANY(story.ids) AND ${visibleSharesSql({ id: viewerId }, 'sh')})::int AS shares,
      (SELECT COALESCE(sum(lc.count), 0) FROM "ArticleLikeCount" lc WHERE lc."articleId" = ANY(story.ids))::int AS likes,
      sharers.people AS "sharedBy", sharers.total AS "sharedByCount", commenters.people AS "commentedBy", commenters.total AS "commentedByCount"
    FROM page
    JOIN "Article" a ON ${'located' in source && source.located ? Prisma.sql`a.ctid = page.at AND ` : Prisma.empty}a.id = page.id
    CROSS JOIN LATERAL (
      SELECT CASE WHEN a."storyId" IS NULL THEN ARRAY[a.id] ELSE ARRAY(SELECT x.id FROM "Article" x WHERE x."storyId" = a."storyId") END AS ids
    ) story
    CROSS JOIN LATERAL (${circlePeopleSql(viewerId, 'Share')}) sharers
    CROSS JOIN LATERAL (${circlePeopleSql(viewerId, 'Comment')}) commenters
    JOIN "Feed" f ON f.id = a."feedId"
    LEFT JOIN "Subscription" s ON s."userId" = ${viewerId}::uuid AND s."feedId" = a."feedId"
    ${options.content ? Prisma.sql`LEFT JOIN "ArticleFullText" ft ON ft."articleId" = a.id` : Prisma.empty}
    ORDER BY page."publishedAt" DESC, page.id DESC`,
  );
  const proxy = await mediaProxyFor(services);
  const views = rows.map((row) => toView(row, proxy));
  if ('page' in source) return views;
  const byId = new Map(views.map((view) => [view.id, view]));
  return source.ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Whether the viewer has a row of `table` (a state table keyed by ("userId", "articleId")) for the article `a`: one
 * probe of its key per article, whatever the reader's number of rows. Written as EXISTS, PostgreSQL may instead read
 * all of the reader's rows into a hash once per page, which it chose for a generic plan once the table's statistics
 * moved (a reader's 2,400 likes, a third of the All page's time at 1 M articles; 100,000 unread rows for some readers).
 */
function hasRow(table: string, viewerId: string): Prisma.Sql {
  return Prisma.sql`COALESCE((SELECT true FROM ${Prisma.raw(table)} x WHERE x."userId" = ${viewerId}::uuid AND x."articleId" = a.id), false)`;
}

/**
 * The content the viewer reads (the full article when they always read the feed's and it has been read, else the
 * feed's) and the full text's state, from the ArticleFullText row (`ft`) joined when the content is asked for.
 */
const CONTENT_COLUMNS = Prisma.sql`
  CASE WHEN s."fullText" AND ft.status = 'done' THEN ft.content ELSE a.content END AS content,
  CASE WHEN ft."articleId" IS NULL THEN NULL ELSE
    json_build_object('status', ft.status, 'fetchedAt', ft."fetchedAt", 'error', ft.error, 'sourceUrl', ft."sourceUrl") END AS "fullText"`;

/**
 * The people `viewerId` follows behind the `Share` or `Comment` rows of the story's articles (`story.ids` of the
 * enclosing statement): `people`, the newest `CIRCLE_NAMES_MAX` of them as PublicUser JSON, and `total`, all of them.
 * Each person is placed by their latest row; each row is found by its article's index, its author by the Follow key.
 */
function circlePeopleSql(viewerId: string, table: 'Share' | 'Comment'): Prisma.Sql {
  const visible = table === 'Share' ? visibleSharesSql({ id: viewerId }, 'signal') : Prisma.sql`TRUE`;
  return Prisma.sql`
    SELECT count(*)::int AS total,
      COALESCE(to_json((array_agg(json_build_object('id', u.id, 'username', u.username, 'displayName', u."displayName", 'avatarUrl', u."avatarUrl")
        ORDER BY person.at DESC, person."userId" DESC))[1:${Prisma.raw(String(CIRCLE_NAMES_MAX))}]), '[]'::json) AS people
    FROM (
      SELECT signal."userId", max(signal."createdAt") AS at
      FROM ${Prisma.raw(`"${table}"`)} signal
      JOIN "Follow" followed ON followed."followerId" = ${viewerId}::uuid AND followed."followingId" = signal."userId"
      WHERE signal."articleId" = ANY(story.ids) AND signal."userId" <> ${viewerId}::uuid AND ${visible}
      GROUP BY signal."userId"
    ) person
    JOIN "User" u ON u.id = person."userId"`;
}

/** The contents of the articles `ids`, in `ids` order ('' for an unknown id), media rewritten as in a view. */
export async function loadArticleContents(services: Pick<Services, 'db' | 'config'>, ids: readonly string[]): Promise<string[]> {
  const [rows, proxy] = await Promise.all([
    services.db.article.findMany({ where: { id: { in: [...ids] } }, select: { id: true, content: true } }),
    mediaProxyFor(services),
  ]);
  const byId = new Map(rows.map((row) => [row.id, proxyContent(row.content, proxy)]));
  return ids.map((id) => byId.get(id) ?? '');
}

// Built field by field: copying a row of some 35 columns with rest and spread took about 4 µs an article, 0.4 ms of
// a page of 100 (docs/performance.md, "An article's view built field by field").
function toView(row: ArticleViewRow, proxy: MediaProxy): ArticleView {
  // A feed's address may hold a secret: whole for its subscribers only.
  const feedUrl = feedAddressFor({ url: row.feedUrl }, row.subscribed);
  const view: ArticleView = {
    id: row.id,
    title: row.title,
    url: row.url,
    author: row.author,
    excerpt: row.excerpt,
    imageUrl: row.imageUrl === null ? null : mediaAddress(row.imageUrl, proxy),
    enclosures: row.enclosures.map((enclosure) => ({ ...enclosure, url: mediaAddress(enclosure.url, proxy) })),
    commentsUrl: row.commentsUrl,
    siteName: row.siteName,
    unsubscribeUrl: row.unsubscribeUrl,
    publishedAt: row.publishedAt,
    feed: {
      id: row.feedId,
      title: row.feedOwnTitle,
      url: feedUrl,
      description: row.feedDescription,
      // Read against the feed's address when relative, so it may hold the same secret.
      siteUrl: row.feedSiteUrl && (feedAddressFor({ url: row.feedSiteUrl }, row.subscribed) || null),
      fetchError: row.feedFetchError,
      lastFetchedAt: row.feedLastFetchedAt,
      viewerSubscribes: row.subscribed,
    },
    showsFullText: row.showsFullText,
    feedTitle: row.subscriptionTitle ?? (row.feedOwnTitle || feedUrl),
    isRead: row.isRead,
    isLiked: row.isLiked,
    starred: row.starred,
    storyId: row.storyId,
    alsoIn: row.alsoIn,
    counts: { comments: row.comments, shares: row.shares, likes: row.likes },
    circle: {
      sharedBy: row.sharedBy,
      sharedByCount: row.sharedByCount,
      commentedBy: row.commentedBy,
      commentedByCount: row.commentedByCount,
    },
  };
  if (row.content !== null) view.content = proxyContent(row.content, proxy);
  const { fullText } = row;
  if (fullText !== undefined)
    view.fullText = fullText && { ...fullText, fetchedAt: fullText.fetchedAt === null ? null : new Date(fullText.fetchedAt) };
  return view;
}
