import { encodeGlobalID } from '@pothos/plugin-relay';
import type { CommentLink } from '../../domain/social/commentLinks.ts';
import { builder } from '../builder.ts';
import { resolvedMentions } from '../mentions.ts';
import { nodeIdFilter } from '../nodeFilters.ts';

const CommentLinkRef = builder.objectRef<CommentLink>('CommentLink').implement({
  description: 'A link in a comment; feedUrl is the feed found behind it, once detection has run.',
  fields: (t) => ({
    url: t.exposeString('url', { description: 'The address as written in the comment.' }),
    title: t.exposeString('title', {
      nullable: true,
      description: 'The title of the feed found behind it; null when none was found (yet).',
    }),
    feedUrl: t.exposeString('feedUrl', {
      nullable: true,
      description: 'The address of the feed found behind it, to offer a subscription; null when none was found (yet).',
    }),
  }),
});

export const CommentNode = builder.prismaNode('Comment', {
  description: 'A comment on an article.',
  id: { field: 'id' },
  findUnique: (id, context) => ({ id: nodeIdFilter(id, context) }),
  nullable: true,
  fields: (t) => ({
    content: t.exposeString('content', { description: 'Plain text; render it escaped.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was posted.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it was last edited (its posting time when never edited).' }),
    user: t.relation('user', { description: 'Who wrote it.' }),
    articleId: t.id({
      description: 'The global id of the Article it is on.',
      select: { articleId: true },
      resolve: (comment) => encodeGlobalID('Article', comment.articleId),
    }),
    links: t.field({
      type: [CommentLinkRef],
      description: 'The links it contains, in order, each with the feed found behind it.',
      select: { links: true },
      resolve: (comment) => comment.links as CommentLink[],
    }),
    linksPending: t.boolean({
      description:
        'Whether the feeds behind its links are still being looked for: true for a few seconds after it is written or edited ' +
        '(longer when a site is slow and the look-up tries again). Ask for the comment again to see the feeds found.',
      select: { links: true },
      resolve: (comment) => (comment.links as CommentLink[]).some((link) => link.pending === true),
    }),
    mentions: t.stringList({
      description: 'The usernames of the accounts it @mentions (names that match no account are left out): the ones to highlight.',
      select: { content: true },
      resolve: (comment, _args, context) => resolvedMentions(comment.content, context),
    }),
    viewerIsAuthor: t.boolean({
      description: 'Whether the viewer wrote it, and so may edit and delete it.',
      select: { userId: true },
      resolve: (comment, _args, context) => comment.userId === context.viewer?.id,
    }),
  }),
});

/** A comment in a list, with its cursor: the lists' edges, and what createComment answers so a client can insert it. */
export const CommentEdge = builder.edgeObject({ type: CommentNode, name: 'CommentEdge' });

export const CommentConnection = builder.connectionObject({ type: CommentNode, name: 'CommentConnection' }, CommentEdge);
