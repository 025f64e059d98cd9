import { loadShareViews, type ShareView } from '../../domain/social/shareList.ts';
import { builder } from '../builder.ts';
import { resolvedMentions } from '../mentions.ts';
import { ArticleNode } from './Article.ts';
import { UserNode } from './User.ts';

export const ShareNode = builder.node(builder.objectRef<ShareView>('Share'), {
  description: 'An article a user shared, with their note; public shares are also in the instance’s RSS feed.',
  id: { resolve: (share) => share.id },
  loadMany: (ids, context) => (context.viewer ? loadShareViews(context.services, context.viewer, ids) : []),
  isTypeOf: (value) => typeof value === 'object' && value !== null && 'isPublic' in value && 'article' in value,
  fields: (t) => ({
    note: t.exposeString('note', { nullable: true, description: 'Plain text; render it escaped.' }),
    quote: t.exposeString('quote', {
      nullable: true,
      description:
        'For a highlight shared as a quote, the highlighted passage (plain text; render it escaped, as a quote); null otherwise.',
    }),
    mentions: t.stringList({
      description: 'The usernames of the accounts its note @mentions (names that match no account are left out): the ones to highlight.',
      resolve: (share, _args, context) => resolvedMentions(share.note ?? '', context),
    }),
    isPublic: t.exposeBoolean('isPublic', {
      description: 'Public: everyone on the instance sees it, and it is in the public RSS feeds; private: only the sharer’s followers.',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was shared (or shared again with a changed note).' }),
    user: t.field({
      type: UserNode,
      description: 'Who shared it.',
      // Prisma batches the findUnique calls of one tick into one query, so a page of shares loads its sharers at once.
      resolve: async (share, _args, context) => (await context.services.db.user.findUnique({ where: { id: share.user.id } }))!,
    }),
    article: t.field({
      type: ArticleNode,
      description: 'What was shared: an article of a feed, or a page shared from the web.',
      resolve: (share) => share.article,
    }),
    viewerIsSharer: t.boolean({
      description: 'Whether the viewer made this share, and so may unshare it.',
      resolve: (share, _args, context) => share.user.id === context.viewer?.id,
    }),
  }),
});
