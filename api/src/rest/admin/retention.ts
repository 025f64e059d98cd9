import type { FastifyInstance } from 'fastify';
import { databaseSize } from '../../domain/admin/databaseSize.ts';
import { retentionRuns, runRetentionNow } from '../../domain/admin/retentionRuns.ts';

/** The retention pass, run now and followed, and the database's size by table; the admin plugin has checked the caller. */
export async function adminRetentionRoutes(app: FastifyInstance): Promise<void> {
  // Queues the pass (or joins the one queued or running) and waits for it up to ?waitSeconds= (20 unless given): the
  // finished run (200), or the run so far (202) to follow at GET /api/admin/retention.
  app.post('/retention/run', async (request, reply) => {
    const { run, finished } = await runRetentionNow(request.context.services, request.context.viewer, request.query);
    if (finished) return run;
    return reply.code(202).header('location', '/api/admin/retention').send(run);
  });

  // The latest runs, newest first, with their progress: {runs}; ?limit= 1 to 50 (10 unless given).
  app.get('/retention', async (request) => ({
    runs: await retentionRuns(request.context.services, request.context.viewer, request.query),
  }));

  app.get('/database', async (request) => databaseSize(request.context.services, request.context.viewer));
}
