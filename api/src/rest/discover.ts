import type { FastifyInstance } from 'fastify';
import { bulkSubscribe, bulkSubscribeProgress } from '../domain/subscriptions/bulkSubscribe.ts';
import { listPopularFeeds, listStarterPacks } from '../domain/discover/lists.ts';
import { requireViewer } from './handler.ts';

/** Popular feeds, starter packs and bulk subscribe, plus the progress of a bulk subscribe that runs as a job. */
export async function discoverRoutes(app: FastifyInstance): Promise<void> {
  app.get('/discover/popular', async (request) => ({
    feeds: await listPopularFeeds(request.context.services, requireViewer(request)),
  }));

  app.get('/discover/starter-packs', async (request) => ({
    starterPacks: listStarterPacks(request.context.services, requireViewer(request)),
  }));

  // Up to ten addresses: 200 with the summary; more: 202 with the job to follow.
  app.post('/discover/bulk-subscribe', async (request, reply) => {
    const answer = await bulkSubscribe(request.context.services, requireViewer(request), request.body);
    if (answer.kind === 'queued') return reply.code(202).send({ jobId: answer.jobId, total: answer.total });
    return answer.summary;
  });

  app.get<{ Params: { jobId: string } }>('/discover/bulk-subscribe/:jobId', async (request) => {
    const { id: _id, ...progress } = await bulkSubscribeProgress(request.context.services, requireViewer(request), request.params.jobId);
    return progress;
  });
}
