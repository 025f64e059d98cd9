import { encodeGlobalID } from '@pothos/plugin-relay';
import { getArticle } from '../../domain/articles/listArticles.ts';
import { unshare } from '../../domain/social/shares.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { ArticleNode } from '../types/Article.ts';
import { ShareNode } from '../types/Share.ts';

const UnsharePayload = builder.objectRef<{ deletedShareId: string; articleId: string; sharerId: string }>('UnsharePayload').implement({
  description: 'The share taken back, its article and its sharer, as they now are.',
  fields: (t) => ({
    deletedShareId: t.exposeID('deletedShareId', { description: 'Global id of the deleted share.' }),
    article: t.field({
      type: ArticleNode,
      description: 'The article, with its share count as it now is.',
      resolve: (payload, _args, context) => getArticle(context.services, context.viewer!, payload.articleId),
    }),
    sharer: t.prismaField({
      type: 'User',
      description: 'Who had shared it (the viewer), with their share count as it now is.',
      resolve: (query, payload, _args, context) =>
        context.services.db.user.findUniqueOrThrow({ ...query, where: { id: payload.sharerId } }),
    }),
  }),
});

builder.mutationField('unshare', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: UnsharePayload,
    description: 'Takes back one of the viewer’s shares.',
    errors: { types: domainErrors },
    args: { id: t.arg.globalID({ required: true, for: ShareNode }) },
    resolve: async (_root, { id }, context) => {
      const share = await unshare(context.services, context.viewer, id.id);
      return { deletedShareId: encodeGlobalID('Share', share.id), articleId: share.articleId, sharerId: share.userId };
    },
  }),
);
