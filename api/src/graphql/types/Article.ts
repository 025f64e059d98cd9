import { articleQuery, ARTICLE_FILTERS, ARTICLE_PAGE_MAX, type ArticleQuery } from '../../domain/articles/articleQuery.ts';
import { getArticle } from '../../domain/articles/listArticles.ts';
import {
  CIRCLE_NAMES_MAX,
  loadArticleContents,
  loadArticleViews,
  type ArticleCircle,
  type ArticleView,
} from '../../domain/articles/articleView.ts';
import type { PublicUser } from '../../domain/core/publicUser.ts';
import { ARTICLE_COUNT_UP_TO_MAX, countArticles, listArticles } from '../../domain/articles/listArticles.ts';
import type { RequestContext } from '../../context.ts';
import { uuid } from '../../domain/core/fields.ts';
import type { Feed } from '../../generated/prisma/client.ts';
import { batchedPerRequest } from '../batchedPerRequest.ts';
import { builder, type SignedInContext } from '../builder.ts';
import { pagedForward } from '../forwardPaging.ts';
import { globalIdOrRestIdOf } from '../globalIdArguments.ts';
import { nullWhenNotFound } from '../lookupId.ts';
import { FeedNode } from './Feed.ts';
import { FolderNode } from './Folder.ts';

const ArticleCounts = builder.objectRef<ArticleView['counts']>('ArticleCounts').implement({
  description: 'How many comments, shares and likes an article has, from everyone.',
  fields: (t) => ({
    comments: t.exposeInt('comments', { description: 'Comments on the article.' }),
    shares: t.exposeInt('shares', { description: 'Shares of the article, public and private, including those the viewer may not see.' }),
    likes: t.exposeInt('likes', { description: 'People who like the article.' }),
  }),
});

const circleUsers = (users: PublicUser[], query: { select?: object; include?: object }, context: RequestContext) =>
  // Prisma batches the findUnique calls of one tick into one query, so a page of articles loads its people at once.
  Promise.all(users.map((user) => context.services.db.user.findUnique({ ...query, where: { id: user.id } }))).then((found) =>
    found.flatMap((user) => user ?? []),
  );

const ArticleCircleRef = builder.objectRef<ArticleCircle>('ArticleCircle').implement({
  description:
    'Who of the people the viewer follows shared the article or commented on it, over all the copies of its story; the viewer is never among them.',
  fields: (t) => ({
    sharedBy: t.prismaField({
      type: ['User'],
      description: `Up to ${CIRCLE_NAMES_MAX} people the viewer follows who shared it (shares the viewer may see), the most recent first.`,
      resolve: (query, circle, _args, context) => circleUsers(circle.sharedBy, query, context),
    }),
    commentedBy: t.prismaField({
      type: ['User'],
      description: `Up to ${CIRCLE_NAMES_MAX} people the viewer follows who commented on it, the most recent first.`,
      resolve: (query, circle, _args, context) => circleUsers(circle.commentedBy, query, context),
    }),
    sharedByCount: t.exposeInt('sharedByCount', { description: 'How many people the viewer follows shared it, named or not.' }),
    commentedByCount: t.exposeInt('commentedByCount', { description: 'How many people the viewer follows commented on it, named or not.' }),
  }),
});

const EnclosureRef = builder.objectRef<ArticleView['enclosures'][number]>('Enclosure').implement({
  description: 'An audio or video file an article carries (a podcast episode), to play or download.',
  fields: (t) => ({
    url: t.exposeString('url', { description: 'The file’s address (through the instance’s media proxy when MEDIA_PROXY says so).' }),
    type: t.exposeString('type', { description: 'The MIME type, such as audio/mpeg or video/mp4.' }),
    // Bytes can pass 2^31 for a video: GraphQL's Int is 32-bit.
    length: t.exposeFloat('length', { nullable: true, description: 'The size in bytes, as the feed declared it.' }),
    durationSeconds: t.exposeInt('durationSeconds', {
      nullable: true,
      description: 'How long it plays, in seconds, as the feed declared it; null when it did not.',
    }),
  }),
});

// Article bodies are large, so lists leave them out; a body is loaded when the field is asked for, batched per request.
function contentOf(article: ArticleView, context: RequestContext): Promise<string> | string {
  if (article.content !== undefined) return article.content;
  const loader = batchedPerRequest<string>(context, 'Article.content', (ids) => loadArticleContents(context.services, ids));
  return loader.load(article.id);
}

export const ArticleNode = builder.node(builder.objectRef<ArticleView>('Article'), {
  description: "An article of a feed, as the viewer sees it: with the viewer's own read, like and star state.",
  id: { resolve: (article) => article.id },
  // Any signed-in user may open any article: shares link to articles of feeds the viewer does not follow.
  // Pothos matches results to ids by position: one entry per id, null for an id that names no article.
  loadMany: async (ids, context) => {
    if (!context.viewer) return ids.map(() => null);
    const wanted = ids.map((id) => (uuid.safeParse(id).success ? id.toLowerCase() : null));
    const views = await loadArticleViews(context.services, context.viewer.id, { ids: wanted.filter((id) => id !== null) });
    const byId = new Map(views.map((view) => [view.id, view]));
    return wanted.map((id) => (id === null ? null : (byId.get(id) ?? null)));
  },
  isTypeOf: (value) => typeof value === 'object' && value !== null && 'feedTitle' in value,
  fields: (t) => ({
    title: t.exposeString('title', { description: 'Plain text.' }),
    url: t.exposeString('url', { nullable: true, description: "The article's page on its website." }),
    author: t.exposeString('author', { nullable: true, description: 'The author’s name as the feed gives it; null when it gives none.' }),
    excerpt: t.exposeString('excerpt', { description: 'The beginning of the text, as plain text.' }),
    imageUrl: t.exposeString('imageUrl', { nullable: true, description: 'A picture for the article in lists; null when it has none.' }),
    enclosures: t.field({
      type: [EnclosureRef],
      description: 'Its audio and video files, in the feed’s order; empty for most articles.',
      resolve: (article) => article.enclosures,
    }),
    commentsUrl: t.exposeString('commentsUrl', { nullable: true, description: 'The page where the article is discussed.' }),
    siteName: t.exposeString('siteName', {
      nullable: true,
      description: 'The site of a page shared from the web (its feed is "Web pages"); null for articles of feeds.',
    }),
    publishedAt: t.expose('publishedAt', {
      type: 'DateTime',
      description: 'When it was published, as its feed says; lists are ordered by it, newest first.',
    }),
    content: t.string({
      description: 'The article as its feed gives it, sanitised HTML safe to render; the full article read from its page is `fullText`.',
      resolve: (article, _args, context) => contentOf(article, context),
    }),
    feed: t.field({
      type: FeedNode,
      description: 'The feed it comes from.',
      // The view carries every Feed column the Feed type exposes (and whether the viewer subscribes, for Feed.url); the
      // scheduler's bookkeeping columns are not among them.
      resolve: (article) => article.feed as unknown as Feed,
    }),
    feedTitle: t.exposeString('feedTitle', {
      description: "The feed's title as the viewer sees it: their own for a renamed subscription.",
    }),
    isRead: t.exposeBoolean('isRead', { description: 'Whether the viewer has read it (markArticleRead, markArticleUnread).' }),
    isLiked: t.exposeBoolean('isLiked', { description: 'Whether the viewer likes it (likeArticle, unlikeArticle).' }),
    starred: t.exposeBoolean('starred', { description: 'Whether the viewer starred it to keep (starArticle, unstarArticle).' }),
    counts: t.field({
      type: ArticleCounts,
      description: 'Its comments, shares and likes, from everyone.',
      resolve: (article) => article.counts,
    }),
    circle: t.field({
      type: ArticleCircleRef,
      description: 'Who of the people the viewer follows shared it or commented on it.',
      resolve: (article) => article.circle,
    }),
  }),
});

const FILTER_MEANING: Record<(typeof ARTICLE_FILTERS)[number], string> = {
  unread: 'The articles of the viewer’s subscriptions that they have not read.',
  all: 'Every article of the viewer’s subscriptions, read or not.',
  liked: 'The articles the viewer likes.',
  starred: 'The articles the viewer starred.',
  hidden:
    'What the viewer’s filter rules hide (a hide rule matched it, or a keep-only rule of its scope did not): every other list but liked and starred leaves these out.',
  circle:
    'What the people the viewer follows shared (shares the viewer may see) or commented on, from any feed: one row per story, ranked by the day of the latest such signal, then how many people, then the latest signal. Takes no feedId, folderId, search or beforeDate.',
};

export const ArticleFilterEnum = builder.enumType('ArticleFilter', {
  description: 'Which of the viewer’s articles a list shows.',
  values: Object.fromEntries(
    ARTICLE_FILTERS.map((filter) => [filter.toUpperCase(), { value: filter, description: FILTER_MEANING[filter] }]),
  ) as Record<
    'UNREAD' | 'ALL' | 'LIKED' | 'STARRED' | 'CIRCLE' | 'HIDDEN',
    { value: (typeof ARTICLE_FILTERS)[number]; description: string }
  >,
});

type ArticleConnectionShape = {
  query: ArticleQuery;
  edges: { cursor: string; node: ArticleView }[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
};

builder.queryFields((t) => ({
  articles: pagedForward(
    t.withAuth({ signedIn: true }).connection(
      {
        type: ArticleNode,
        description: `The viewer's articles, newest first (CIRCLE: by its ranking); pages hold at most ${ARTICLE_PAGE_MAX}.`,
        args: {
          filter: t.arg({
            type: ArticleFilterEnum,
            defaultValue: 'unread',
            description: 'Which articles: UNREAD (the default), ALL, LIKED, STARRED or CIRCLE.',
          }),
          feedId: t.arg.globalID({ for: FeedNode, description: 'Only this feed.' }),
          folderId: t.arg.globalID({ for: FolderNode, description: "Only the feeds of this folder of the viewer's." }),
          search: t.arg.string({ description: 'Full-text search, in web search syntax: words, "a phrase", or, -not.' }),
          beforeDate: t.arg({ type: 'DateTime', description: 'Only articles published before this instant (strictly).' }),
          groupStories: t.arg.boolean({
            description:
              'True: one article per story (the copy of the feed subscribed to first; the others in its alsoIn); false: every copy. Left out: the viewer’s setting (User.groupStories). Lists of one feed, liked, starred and searches show every copy.',
          }),
        },
        resolve: async (_root, args, context: SignedInContext): Promise<ArticleConnectionShape> => {
          const query = await articleQuery(context.services, context.viewer, {
            filter: args.filter,
            feedId: args.feedId?.id,
            folderId: args.folderId?.id,
            search: args.search,
            beforeDate: args.beforeDate,
            after: args.after,
            first: args.first,
            groupStories: args.groupStories,
          });
          const page = await listArticles(context.services, query);
          return {
            query,
            edges: page.articles.map((article, i) => ({ cursor: page.cursors[i]!, node: article })),
            pageInfo: {
              hasNextPage: page.hasNextPage,
              hasPreviousPage: query.after !== null || (query.circleAfter ?? null) !== null,
              startCursor: page.cursors[0] ?? null,
              endCursor: page.endCursor,
            },
          };
        },
      },
      {
        name: 'ArticleConnection',
        fields: (c) => ({
          totalCount: c.int({
            description:
              'How many articles the whole list holds. With upTo, counting stops past it: the answer is then at most upTo + 1, and more than upTo means more than upTo articles (a search of a common word holds hundreds of thousands, which a whole count reads).',
            args: {
              upTo: c.arg.int({
                description: `Stop counting past this many (1 to ${ARTICLE_COUNT_UP_TO_MAX}); the whole list when left out.`,
              }),
            },
            resolve: (connection, args, context) =>
              countArticles(context.services, (connection as ArticleConnectionShape).query, args.upTo ?? null),
          }),
        }),
      },
    ),
  ),
  article: t.withAuth({ signedIn: true }).field({
    type: ArticleNode,
    nullable: true,
    description: 'Any article by its global id or its REST id (a UUID), or null when there is none.',
    args: {
      id: t.arg.id({
        required: true,
        description:
          'An Article global id or its REST id (a UUID). One that names no article answers null; a malformed id, or one of another type, is refused with BAD_USER_INPUT.',
        extensions: globalIdOrRestIdOf('Article'),
      }),
    },
    // The domain takes the global id and the REST id alike, so a link copied from either opens the article.
    resolve: (_root, { id }, context) => getArticle(context.services, context.viewer, String(id)).catch(nullWhenNotFound),
  }),
}));
