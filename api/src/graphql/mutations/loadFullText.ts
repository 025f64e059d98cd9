import { getArticle } from '../../domain/articles/listArticles.ts';
import { loadFullText } from '../../domain/fullText/loadFullText.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { ArticleNode } from '../types/Article.ts';

builder.mutationField('loadFullText', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: ArticleNode,
    description:
      'Reads the full article of an article from its page now (“Load full article”), or gives the one read before; answers the article, whose `fullText` says how it went (pending while another reading of it runs).',
    errors: { types: domainErrors },
    args: { id: t.arg.globalID({ required: true, for: ArticleNode, description: 'The article.' }) },
    resolve: async (_root, { id }, context) => {
      await loadFullText(context.services, context.viewer, id.id);
      return getArticle(context.services, context.viewer, id.id);
    },
  }),
);
