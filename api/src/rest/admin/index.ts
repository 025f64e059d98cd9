import type { FastifyInstance } from 'fastify';
import { requireAdministrator } from '../../domain/access/administrators.ts';
import { adminConfigRoutes } from './config.ts';
import { adminInsightRoutes } from './insights.ts';
import { adminFeedRoutes } from './feeds.ts';
import { adminRetentionRoutes } from './retention.ts';
import { adminUserRoutes } from './users.ts';

/**
 * The admin panel's calls under /api/admin. The caller is checked when the request arrives, before
 * its body is read, so a non-administrator is refused (401/403) whatever they send.
 */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request) => {
    requireAdministrator(request.context.viewer);
  });

  await app.register(adminConfigRoutes);
  await app.register(adminRetentionRoutes);
  await app.register(adminInsightRoutes);
  await app.register(adminUserRoutes);
  await app.register(adminFeedRoutes);
}
