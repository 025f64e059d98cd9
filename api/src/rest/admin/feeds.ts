import type { FastifyInstance } from 'fastify';
import { deleteFeed, listFeedsForAdmin, refreshFeedAsAdmin } from '../../domain/admin/feeds.ts';

type IdParams = { Params: { id: string } };

/** GET /api/admin/feeds, POST …/{id}/refresh, DELETE …/{id}; non-administrators are already refused. */
export async function adminFeedRoutes(app: FastifyInstance): Promise<void> {
  app.get('/feeds', async (request) => {
    const { rows, total, page, limit } = await listFeedsForAdmin(request.context.services, request.context.viewer, request.query);
    return { feeds: rows, pagination: { total, page, limit } };
  });

  // 202: the refresh is queued as a job, not done yet.
  app.post<IdParams>('/feeds/:id/refresh', async (request, reply) =>
    reply.code(202).send({ feed: await refreshFeedAsAdmin(request.context.services, request.context.viewer, request.params.id) }),
  );

  app.delete<IdParams>('/feeds/:id', async (request) => ({
    deleted: await deleteFeed(request.context.services, request.context.viewer, request.params.id),
  }));
}
