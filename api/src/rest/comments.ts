import type { FastifyInstance } from 'fastify';
import { allPages } from '../domain/core/pages.ts';
import type { Services } from '../domain/core/services.ts';
import { COMMENT_PAGE_MAX, createComment, deleteComment, editComment, listComments, type CommentRow } from '../domain/social/comments.ts';
import { textMentions } from '../domain/social/mentions.ts';
import { noContent, requireViewer } from './handler.ts';
import { commentJson } from './serialize.ts';

async function withMentions(services: Services, comment: CommentRow) {
  const [mentions] = await textMentions(services, [comment.content]);
  return commentJson(comment, mentions!);
}

type IdParams = { Params: { id: string } };

/** Comments: post one, list an article's conversation, edit and delete. */
export async function commentRoutes(app: FastifyInstance): Promise<void> {
  app.post('/comments', async (request, reply) => {
    const comment = await createComment(request.context.services, requireViewer(request), request.body);
    return reply.code(201).send({ comment: await withMentions(request.context.services, comment) });
  });

  // The spec answers with the whole conversation: every page of the domain's list, in its order.
  app.get<IdParams>('/comments/article/:id', async (request) => {
    const viewer = requireViewer(request);
    const comments = await allPages((after) =>
      listComments(request.context.services, viewer, request.params.id, { first: COMMENT_PAGE_MAX, after }),
    );
    const mentions = await textMentions(
      request.context.services,
      comments.map((comment) => comment.content),
    );
    return { comments: comments.map((comment, index) => commentJson(comment, mentions[index]!)) };
  });

  app.patch<IdParams>('/comments/:id', async (request) => ({
    comment: await withMentions(
      request.context.services,
      await editComment(request.context.services, requireViewer(request), request.params.id, request.body),
    ),
  }));

  app.delete<IdParams>('/comments/:id', async (request, reply) => {
    await deleteComment(request.context.services, requireViewer(request), request.params.id);
    return noContent(reply);
  });
}
