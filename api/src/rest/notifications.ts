import type { FastifyInstance } from 'fastify';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from '../domain/notifications/notifications.ts';
import { listNotificationGroups, markNotificationGroupRead } from '../domain/notifications/notificationGroups.ts';
import { requireViewer } from './handler.ts';
import { notificationGroupJson, notificationJson } from './serialize.ts';

/** The viewer's notifications, read one by one or all at once. `before` (a notification id) pages further back. */
export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  app.get('/notifications', async (request) => {
    const page = await listNotifications(request.context.services, requireViewer(request), request.query);
    return { notifications: page.notifications.map(notificationJson), unreadCount: page.unreadCount, hasMore: page.hasMore };
  });

  app.post<{ Params: { id: string } }>('/notifications/:id/read', async (request) => ({
    notification: notificationJson(await markNotificationRead(request.context.services, requireViewer(request), request.params.id)),
  }));

  // The same notifications, one row per group; `before` is the last group's id, `unreadCount` counts groups.
  app.get('/notifications/groups', async (request) => {
    const page = await listNotificationGroups(request.context.services, requireViewer(request), request.query);
    return { groups: page.groups.map(notificationGroupJson), unreadCount: page.unreadCount, hasMore: page.hasMore };
  });

  app.post<{ Params: { id: string } }>('/notifications/groups/:id/read', async (request) => ({
    group: notificationGroupJson(await markNotificationGroupRead(request.context.services, requireViewer(request), request.params.id)),
  }));

  app.post('/notifications/mark-all-read', async (request) => ({
    markedCount: await markAllNotificationsRead(request.context.services, requireViewer(request)),
  }));
}
