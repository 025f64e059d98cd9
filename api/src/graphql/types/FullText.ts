import type { FullTextState } from '../../domain/articles/articleView.ts';
import { fullTextProgress, type FullTextProgress } from '../../domain/fullText/fullTextProgress.ts';
import { loadFullTextStates } from '../../domain/fullText/fullTextStates.ts';
import { builder } from '../builder.ts';
import { batchedPerRequest } from '../batchedPerRequest.ts';
import { ArticleNode } from './Article.ts';
import { FeedSubscriptionNode } from './FeedSubscription.ts';

export const FullTextStatusEnum = builder.enumType('FullTextStatus', {
  description: 'Where the reading of an article’s full text from its page stands.',
  values: {
    pending: { description: 'Queued or being read.' },
    done: { description: 'Read: `content` holds the full article.' },
    failed: { description: 'Not read (`error` says why): the feed’s content stays in view; it is tried again later, a few times.' },
  } as const,
});

const ArticleFullText = builder.objectRef<FullTextState>('ArticleFullText').implement({
  description: 'The full article read from the article’s page, shared by every reader who wants it.',
  fields: (t) => ({
    status: t.field({ type: FullTextStatusEnum, description: 'Read, being read, or failed.', resolve: (state) => state.status }),
    content: t.string({
      nullable: true,
      description:
        'The full article as sanitised HTML, safe to render (media through the instance’s proxy as MEDIA_PROXY says); null until read.',
      resolve: (state) => state.content ?? null,
    }),
    fetchedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the page was last fetched, successfully or not; null before the first try.',
      resolve: (state) => state.fetchedAt,
    }),
    error: t.exposeString('error', { nullable: true, description: 'Why the last try failed, fit to show a reader; null otherwise.' }),
    sourceUrl: t.exposeString('sourceUrl', { nullable: true, description: 'The page the text was read from, after redirects.' }),
  }),
});

builder.objectFields(ArticleNode, (t) => ({
  showsFullText: t.exposeBoolean('showsFullText', {
    description:
      'Whether the viewer always reads the feed’s full articles (their subscription’s fullText): the reader shows `fullText` once read.',
  }),
  fullText: t.field({
    type: ArticleFullText,
    nullable: true,
    description: 'The full article read from its page (loadFullText, or the subscription’s fullText); null when never asked for.',
    resolve: (article, _args, context) =>
      batchedPerRequest(context, 'Article.fullText', (ids) => loadFullTextStates(context.services, ids)).load(article.id),
  }),
}));

const FullTextRules = builder.objectRef<{ contentSelector: string | null; removeSelectors: string[] }>('FullTextRules').implement({
  description: 'A feed’s site rules for reading its full articles, kept by its subscribers.',
  fields: (t) => ({
    contentSelector: t.exposeString('contentSelector', {
      nullable: true,
      description: 'The CSS selector of the article on its pages (every match, in page order); null lets Readability find it.',
    }),
    removeSelectors: t.exposeStringList('removeSelectors', { description: 'CSS selectors of what is removed from the page first.' }),
  }),
});

const FullTextProgressRef = builder.objectRef<FullTextProgress>('FullTextProgress').implement({
  description: 'How far the reading of a feed’s recent full articles has come.',
  fields: (t) => ({
    pending: t.exposeInt('pending', { description: 'Articles queued or being read.' }),
    done: t.exposeInt('done', { description: 'Articles read.' }),
    failed: t.exposeInt('failed', { description: 'Articles whose page gave no article (their feed’s content stays).' }),
  }),
});

builder.prismaObjectFields(FeedSubscriptionNode, (t) => ({
  fullText: t.exposeBoolean('fullText', {
    description: 'Always show the full article: the feed’s articles are read from their pages as they arrive.',
  }),
  sendsExcerpts: t.boolean({
    description:
      'Whether the feed’s latest articles look like excerpts (short, or ending in “Read more”): the full article is worth offering.',
    select: { feed: { select: { sendsExcerpts: true } } },
    resolve: (subscription) => subscription.feed.sendsExcerpts,
  }),
  fullTextRules: t.field({
    type: FullTextRules,
    description: 'The feed’s site rules for its full articles, shared with its other subscribers.',
    select: { feed: { select: { fullTextSelector: true, fullTextRemove: true } } },
    resolve: ({ feed }) => ({ contentSelector: feed.fullTextSelector, removeSelectors: feed.fullTextRemove }),
  }),
  fullTextProgress: t.field({
    type: FullTextProgressRef,
    description: 'How many of the feed’s full articles are read, queued and failed, of those ever asked for.',
    select: { feedId: true },
    resolve: (subscription, _args, context) =>
      batchedPerRequest(context, 'FeedSubscription.fullTextProgress', (feedIds) => fullTextProgress(context.services, feedIds)).load(
        subscription.feedId,
      ),
  }),
}));
