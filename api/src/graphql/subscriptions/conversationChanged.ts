import { encodeGlobalID } from '@pothos/plugin-relay';
import { articleId as articleIdOf } from '../../domain/articles/articleQuery.ts';
import { getArticle } from '../../domain/articles/listArticles.ts';
import { hearsConversationChange } from '../../domain/social/mutes.ts';
import { conversationKey } from '../../domain/stories/storyCopies.ts';
import type { ConversationChange } from '../../realtime/events.ts';
import { builder } from '../builder.ts';
import { globalIdOrRestIdOf } from '../globalIdArguments.ts';
import { ArticleNode } from '../types/Article.ts';
import { onlyWhere, whileSessionOpen } from './whileSessionOpen.ts';

const ConversationChangeKind = builder.enumType('ConversationChangeKind', {
  description: 'What happened to a comment of the conversation.',
  values: {
    ADDED: { value: 'added', description: 'Someone posted it.' },
    EDITED: { value: 'edited', description: 'Its author changed its text.' },
    DELETED: { value: 'deleted', description: 'Its author deleted it.' },
  } as const,
});

/** An event, with the copy its subscriber is reading. */
type ChangeForReader = ConversationChange & { readArticleId: string };

const ConversationChangeRef = builder.objectRef<ChangeForReader>('ConversationChange').implement({
  description: 'A change to the conversation of the story the subscriber is reading, made on any of its copies.',
  fields: (t) => ({
    change: t.field({ type: ConversationChangeKind, description: 'Added, edited or deleted.', resolve: (event) => event.change }),
    commentId: t.id({
      description: 'The Comment global id: to take it out of the list when deleted.',
      resolve: (event) => encodeGlobalID('Comment', event.commentId),
    }),
    onThisCopy: t.boolean({
      description: 'Whether it was made on the copy the subscriber is reading (else on another feed’s copy of the story).',
      resolve: (event) => event.articleId === event.readArticleId,
    }),
    comment: t.prismaField({
      type: 'Comment',
      nullable: true,
      description: 'The comment as it is now; null once deleted.',
      resolve: (query, event, _args, context) => context.services.db.comment.findUnique({ ...query, where: { id: event.commentId } }),
    }),
    article: t.field({
      type: ArticleNode,
      description: 'The copy the subscriber is reading, with the story’s counts as they are now.',
      resolve: (event, _args, context) => getArticle(context.services, context.viewer!, event.readArticleId),
    }),
  }),
});

builder.subscriptionField('conversationChanged', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: ConversationChangeRef,
    description:
      'Each comment added, edited or deleted on the article or on any other copy of its story, as it happens, while the reader has it open (not those of people the reader muted).',
    args: {
      articleId: t.arg.id({
        required: true,
        description: 'The Article global id (or REST id) of the copy being read; a malformed id is refused with BAD_USER_INPUT.',
        extensions: globalIdOrRestIdOf('Article'),
      }),
    },
    subscribe: async (_root, { articleId }, context) => {
      const key = await conversationKey(context.services, context.viewer, String(articleId));
      const changes = context.services.events.subscribe('conversation:changed', key);
      return whileSessionOpen(
        context.services,
        context.viewer,
        onlyWhere(changes, (change) => hearsConversationChange(context.services, context.viewer, change)),
      );
    },
    resolve: (event: ConversationChange, { articleId }) => ({ ...event, readArticleId: articleIdOf(String(articleId)) }),
  }),
);
