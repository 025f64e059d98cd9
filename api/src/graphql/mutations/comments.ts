import { encodeGlobalID } from '@pothos/plugin-relay';
import { getArticle } from '../../domain/articles/listArticles.ts';
import { COMMENT_MAX } from '@tidings/shared/limits';
import { commentCursor, createComment, deleteComment, editComment, type CommentRow } from '../../domain/social/comments.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { MENTIONS_DESCRIPTION } from '../mentionsDescription.ts';
import { ArticleNode } from '../types/Article.ts';
import { CommentEdge, CommentNode } from '../types/Comment.ts';

const CreateCommentInput = builder.inputType('CreateCommentInput', {
  description: 'A new comment: the article it is on and its text.',
  fields: (t) => ({
    articleId: t.globalID({ required: true, for: ArticleNode }),
    content: t.string({ required: true, description: `Plain text, at most ${COMMENT_MAX} characters; @username mentions notify.` }),
    mentions: t.stringList({ description: MENTIONS_DESCRIPTION }),
  }),
});

const CreateCommentPayload = builder.objectRef<{ comment: CommentRow }>('CreateCommentPayload').implement({
  description: 'The new comment as an edge of its article’s comments (newest first: it goes at the front), and the article.',
  fields: (t) => ({
    commentEdge: t.field({
      type: CommentEdge,
      description: 'The new comment, with its cursor in the article’s comments.',
      resolve: ({ comment }) => ({ cursor: commentCursor(comment), node: comment }),
    }),
    article: t.field({
      type: ArticleNode,
      description: 'The article, with its comment count as it now is.',
      resolve: ({ comment }, _args, context) => getArticle(context.services, context.viewer!, comment.articleId),
    }),
  }),
});

builder.mutationField('createComment', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CreateCommentPayload,
    description: 'Comments on an article; mentioned users and the article’s sharers are notified.',
    errors: { types: domainErrors },
    args: { input: t.arg({ type: CreateCommentInput, required: true, description: 'The article and the text.' }) },
    resolve: async (_root, { input }, context) => ({
      comment: await createComment(context.services, context.viewer, { ...input, articleId: input.articleId.id }),
    }),
  }),
);

builder.mutationField('editComment', (t) =>
  t.withAuth({ signedIn: true }).prismaField({
    type: 'Comment',
    description: 'Changes the text of one of the viewer’s comments.',
    errors: { types: domainErrors },
    args: {
      id: t.arg.globalID({ required: true, for: CommentNode }),
      content: t.arg.string({
        required: true,
        description: `The new text: plain text, at most ${COMMENT_MAX} characters; new @mentions notify.`,
      }),
    },
    resolve: async (query, _root, { id, content }, context) => {
      const comment = await editComment(context.services, context.viewer, id.id, { content });
      return context.services.db.comment.findUniqueOrThrow({ ...query, where: { id: comment.id } });
    },
  }),
);

const DeleteCommentPayload = builder.objectRef<{ deletedCommentId: string; articleId: string }>('DeleteCommentPayload').implement({
  description: 'The deleted comment’s id, to take it out of lists, and its article.',
  fields: (t) => ({
    deletedCommentId: t.exposeID('deletedCommentId', { description: 'Global id of the deleted comment.' }),
    article: t.field({
      type: ArticleNode,
      description: 'The article, with its comment count as it now is.',
      resolve: (payload, _args, context) => getArticle(context.services, context.viewer!, payload.articleId),
    }),
  }),
});

builder.mutationField('deleteComment', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: DeleteCommentPayload,
    description: 'Deletes one of the viewer’s comments.',
    errors: { types: domainErrors },
    args: { id: t.arg.globalID({ required: true, for: CommentNode }) },
    resolve: async (_root, { id }, context) => {
      const comment = await deleteComment(context.services, context.viewer, id.id);
      return { deletedCommentId: encodeGlobalID('Comment', comment.id), articleId: comment.articleId };
    },
  }),
);
