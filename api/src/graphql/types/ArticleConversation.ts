import { queryFromInfo } from '@pothos/plugin-prisma';
import { listComments } from '../../domain/social/comments.ts';
import { listArticleShares } from '../../domain/social/shareList.ts';
import { builder } from '../builder.ts';
import { pagedForward } from '../forwardPaging.ts';
import { inDomainOrder, pageConnection } from '../loadByIds.ts';
import { ArticleNode } from './Article.ts';
import { CommentConnection, CommentNode } from './Comment.ts';
import { ShareNode } from './Share.ts';

// The conversation around an article, for the reader: its comments and its shares (whose notes join them).
builder.objectFields(ArticleNode, (t) => ({
  comments: pagedForward(
    t.connection(
      {
        type: CommentNode,
        authScopes: { signedIn: true },
        description: 'Comments, newest first, a page at a time.',
        resolve: async (article, args, context, info) => {
          const page = await listComments(context.services, context.viewer!, article.id, { first: args.first, after: args.after });
          const query = queryFromInfo({ context, info, path: ['edges', 'node'] });
          const comments = await inDomainOrder(
            page.items.map((comment) => comment.id),
            (ids) => context.services.db.comment.findMany({ ...query, where: { id: { in: ids } } }),
          );
          return pageConnection(page, comments);
        },
      },
      CommentConnection,
    ),
  ),
  shares: pagedForward(
    t.connection({
      type: ShareNode,
      authScopes: { signedIn: true },
      description: 'The shares the viewer may see (public ones, and private ones of people they follow), newest first, a page at a time.',
      resolve: async (article, args, context) => {
        const page = await listArticleShares(context.services, context.viewer!, article, { first: args.first, after: args.after });
        return pageConnection(page, page.items);
      },
    }),
  ),
}));
