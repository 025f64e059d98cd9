import { articleShares } from '../../domain/social/shareList.ts';
import { builder } from '../builder.ts';
import { ArticleNode } from './Article.ts';
import { ShareNode } from './Share.ts';

// The conversation around an article, for the reader: its comments and its shares (whose notes join them).
builder.objectFields(ArticleNode, (t) => ({
  comments: t.prismaField({
    type: ['Comment'],
    description: 'Comments, newest first.',
    resolve: (query, article, _args, context) =>
      context.services.db.comment.findMany({
        ...query,
        where: { articleId: article.id },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      }),
  }),
  shares: t.field({
    type: [ShareNode],
    description: 'Shares, newest first.',
    resolve: (article, _args, context) => articleShares(context.services, article),
  }),
}));
