import { queryFromInfo } from '@pothos/plugin-prisma';
import { loadArticleViews, type ArticleView } from '../../domain/articles/articleView.ts';
import { listArticleHighlights, listHighlights } from '../../domain/highlights/highlights.ts';
import { builder } from '../builder.ts';
import { batchedPerRequest } from '../batchedPerRequest.ts';
import { pagedForward } from '../forwardPaging.ts';
import { inDomainOrder, pageConnection } from '../loadByIds.ts';
import { nodeIdFilter, ownerIdFilter } from '../nodeFilters.ts';
import { ArticleNode } from './Article.ts';

export const HighlightNode = builder.prismaNode('Highlight', {
  description:
    'A passage the viewer highlighted in an article, with an optional note, anchored by the W3C Web Annotation selectors: its text with the text around it (TextQuoteSelector) and, when known, its position in the article’s plain text (TextPositionSelector).',
  id: { field: 'id' },
  // Only the viewer's own: a highlight is theirs until they share it.
  findUnique: (id, context) => ({ id: nodeIdFilter(id, context), userId: ownerIdFilter(context) }),
  nullable: true,
  fields: (t) => ({
    exact: t.exposeString('exact', { description: 'The highlighted text, as plain text.' }),
    prefix: t.exposeString('prefix', { description: 'The text just before it (up to 200 characters), to tell a repeated passage apart.' }),
    suffix: t.exposeString('suffix', { description: 'The text just after it (up to 200 characters).' }),
    start: t.exposeInt('start', {
      nullable: true,
      description: 'Where it starts in the article’s plain text, in characters; null when not measured.',
    }),
    end: t.exposeInt('end', { nullable: true, description: 'Where it ends in the article’s plain text (start plus the length of exact).' }),
    note: t.string({
      nullable: true,
      description:
        'The note, plain text (render it escaped): the viewer’s own only; null on another reader’s highlight, whose share has its note.',
      select: { note: true, userId: true },
      resolve: (highlight, _args, context) => (highlight.userId === context.viewer?.id ? highlight.note : null),
    }),
    user: t.relation('user', { description: 'Who made it: the viewer, or someone whose quote of it the viewer may see.' }),
    viewerIsAuthor: t.boolean({
      description: 'Whether the viewer made it, and so may change its note, share and delete it.',
      select: { userId: true },
      resolve: (highlight, _args, context) => highlight.userId === context.viewer?.id,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was made.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When its note last changed (when it was made, if never).' }),
    article: t.field({
      type: ArticleNode,
      description: 'The article it is in, as the viewer sees it.',
      select: { articleId: true },
      resolve: async (highlight, _args, context) => {
        const loader = batchedPerRequest<ArticleView>(context, 'Highlight.article', async (ids) => {
          const views = new Map(
            (await loadArticleViews(context.services, context.viewer!.id, { ids: [...ids] })).map((view) => [view.id, view]),
          );
          return ids.map((id) => views.get(id) ?? new Error('Article not found'));
        });
        return loader.load(highlight.articleId);
      },
    }),
  }),
});

builder.objectField(ArticleNode, 'highlights', (t) =>
  t.prismaField({
    type: ['Highlight'],
    description:
      'The highlights in this article the viewer may see, in the order they stand in its text: their own, and those others shared as quotes in shares the viewer may see; empty when signed out.',
    resolve: async (query, article, _args, context) => {
      if (!context.viewer) return [];
      const highlights = await listArticleHighlights(context.services, context.viewer, article.id, { shared: true });
      const ids = highlights.map((highlight) => highlight.id);
      return inDomainOrder(ids, (inIds) => context.services.db.highlight.findMany({ ...query, where: { id: { in: inIds } } }));
    },
  }),
);

builder.queryField('highlights', (t) =>
  pagedForward(
    t.withAuth({ signedIn: true }).connection({
      type: HighlightNode,
      description: 'The viewer’s highlights, newest first; `search` keeps those whose text, note or article title holds it.',
      args: { search: t.arg.string({ description: 'Words to look for (any case).' }) },
      resolve: async (_root, args, context, info) => {
        const page = await listHighlights(context.services, context.viewer, { first: args.first, after: args.after, search: args.search });
        const query = queryFromInfo({ context, info, path: ['edges', 'node'] });
        const rows = await inDomainOrder(
          page.items.map((highlight) => highlight.id),
          (ids) => context.services.db.highlight.findMany({ ...query, where: { id: { in: ids } } }),
        );
        return pageConnection(page, rows);
      },
    }),
  ),
);
