import type { FastifyInstance } from 'fastify';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from '../domain/notifications.ts';
import { requireViewer } from './handler.ts';
import { notificationJson } from './serialize.ts';

/** Spec part 1 §7 Notifications. `before` (a notification id) pages further back. */
export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  app.get('/notifications', async (request) => {
    const page = await listNotifications(request.context.services, requireViewer(request), request.query);
    return { notifications: page.notifications.map(notificationJson), unreadCount: page.unreadCount, hasMore: page.hasMore };
  });

  app.post<{ Params: { id: string } }>('/notifications/:id/read', async (request) => ({
    notification: notificationJson(await markNotificationRead(request.context.services, requireViewer(request), request.params.id)),
  }));

  app.post('/notifications/mark-all-read', async (request) => ({
    markedCount: await markAllNotificationsRead(request.context.services, requireViewer(request)),
  }));
}
