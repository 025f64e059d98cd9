import type { FastifyInstance } from 'fastify';
import { runRetentionNow } from '../../domain/admin/retention.ts';
import { getInstanceConfig, updateInstanceConfig } from '../../domain/instance/instanceConfig.ts';

/** GET and PATCH /api/admin/config, the instance's settings, and the retention pass they set, run now. */
export async function adminConfigRoutes(app: FastifyInstance): Promise<void> {
  // Answers when the pass is done: {deleted, batches, freedBytes, cutoff, keepPerFeed}.
  app.post('/retention/run', async (request) => runRetentionNow(request.context.services, request.context.viewer));

  app.get('/config', async (request) => getInstanceConfig(request.context.services, request.context.viewer));

  app.patch('/config', async (request) => updateInstanceConfig(request.context.services, request.context.viewer, request.body));
}
