import type { FastifyInstance } from 'fastify';
import { getInstanceConfig, updateInstanceConfig } from '../../domain/instance/instanceConfig.ts';

/** GET and PATCH /api/admin/config, the instance's settings. */
export async function adminConfigRoutes(app: FastifyInstance): Promise<void> {
  app.get('/config', async (request) => getInstanceConfig(request.context.services, request.context.viewer));

  app.patch('/config', async (request) => updateInstanceConfig(request.context.services, request.context.viewer, request.body));
}
