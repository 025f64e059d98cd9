import { loadArticleViews, type ArticleView, type StoryCopy } from '../../domain/articles/articleView.ts';
import { uuid } from '../../domain/core/fields.ts';
import { existingStoryIds, storyArticleIds } from '../../domain/stories/storyCopies.ts';
import { batchedPerRequest } from '../batchedPerRequest.ts';
import { builder } from '../builder.ts';
import { ArticleNode } from './Article.ts';

/** A story, by the id it goes by: its first copy's. */
type StoryShape = { firstCopyId: string };

export const StoryNode = builder.node(builder.objectRef<StoryShape>('Story'), {
  description:
    'One story as several feeds tell it: the articles of different feeds that are copies of it (the same address, the same permanent GUID, or the same opening text within three days). Its comments and shares are one conversation, read on any copy.',
  id: { resolve: (story) => story.firstCopyId },
  isTypeOf: (value) => typeof value === 'object' && value !== null && 'firstCopyId' in value,
  // A story goes by the id of an article; an id that names none is no story.
  loadMany: async (ids, context) => {
    if (!context.viewer) return ids.map(() => null);
    const wanted = ids.map((id) => (uuid.safeParse(id).success ? id.toLowerCase() : null));
    const found = await existingStoryIds(
      context.services.db,
      wanted.filter((id) => id !== null),
    );
    return wanted.map((id) => (id !== null && found.has(id) ? { firstCopyId: id } : null));
  },
  fields: (t) => ({
    articles: t.field({
      type: [ArticleNode],
      authScopes: { signedIn: true },
      description: 'Every copy of the story, in the order they were stored (the first is the story’s own), as the viewer sees each.',
      resolve: async (story, _args, context) => {
        const ids = await storyArticleIds(context.services.db, story.firstCopyId);
        return loadArticleViews(context.services, context.viewer!.id, { ids });
      },
    }),
  }),
});

const StoryCopyRef = builder.objectRef<StoryCopy>('StoryCopy').implement({
  description: 'A copy of an article’s story in another of the viewer’s feeds.',
  fields: (t) => ({
    feedTitle: t.string({
      description: 'The title of the feed the copy is in, as the viewer sees it.',
      resolve: (copy) => copy.feed.title,
    }),
    article: t.field({
      type: ArticleNode,
      description: 'The copy itself, to open it.',
      resolve: (copy, _args, context) =>
        batchedPerRequest<ArticleView>(context, 'StoryCopy.article', async (ids) => {
          const views = new Map(
            (await loadArticleViews(context.services, context.viewer!.id, { ids: [...ids] })).map((view) => [view.id, view]),
          );
          return ids.map((id) => views.get(id) ?? new Error(`Article ${id} not found`));
        }).load(copy.articleId),
    }),
  }),
});

builder.objectFields(ArticleNode, (t) => ({
  story: t.field({
    type: StoryNode,
    description: 'The story the article tells; an article no other feed carries is a story of its own.',
    resolve: (article) => ({ firstCopyId: article.storyId }),
  }),
  alsoIn: t.field({
    type: [StoryCopyRef],
    description:
      'The other copies of its story in the viewer’s feeds, the feed subscribed to first first: “Also in: …”. Empty for most articles.',
    resolve: (article) => article.alsoIn,
  }),
}));
