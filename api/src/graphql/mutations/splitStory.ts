import { splitStory } from '../../domain/stories/splitStory.ts';
import { loadArticleViews, type ArticleView } from '../../domain/articles/articleView.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { globalIdOrRestIdOf } from '../globalIdArguments.ts';
import { ArticleNode } from '../types/Article.ts';

builder.mutationField('splitStory', (t) =>
  t.field({
    type: ArticleNode,
    description:
      'Takes a wrongly matched article out of its story: it becomes a story of its own and is never matched again. Administrators only; answers the article.',
    errors: { types: domainErrors },
    args: {
      articleId: t.arg.id({
        required: true,
        description: 'The Article global id (or REST id) of the copy to take out; a malformed id is refused with BAD_USER_INPUT.',
        extensions: globalIdOrRestIdOf('Article'),
      }),
    },
    resolve: async (_root, { articleId }, context): Promise<ArticleView> => {
      const { articleId: id } = await splitStory(context.services, context.viewer, String(articleId));
      // splitStory refuses anyone but an administrator: there is a viewer here.
      const [view] = await loadArticleViews(context.services, context.viewer!.id, { ids: [id] });
      return view!;
    },
  }),
);
