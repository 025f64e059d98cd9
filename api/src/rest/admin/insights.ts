import type { FastifyInstance } from 'fastify';
import { emailStatus, sendTestEmail } from '../../domain/admin/email.ts';
import { adminInsights } from '../../domain/admin/insights.ts';
import { adminStats } from '../../domain/admin/statistics.ts';

/** The admin panel's Statistics, Analytics and Email tabs; the admin plugin has checked the caller. */
export async function adminInsightRoutes(app: FastifyInstance): Promise<void> {
  app.get('/stats', async (request) => adminStats(request.context.services, request.context.viewer));

  app.get('/analytics/insights', async (request) => adminInsights(request.context.services, request.context.viewer));

  app.get('/email/status', async (request) => emailStatus(request.context.services, request.context.viewer));

  app.post('/email/test', async (request) => sendTestEmail(request.context.services, request.context.viewer, request.body));
}
