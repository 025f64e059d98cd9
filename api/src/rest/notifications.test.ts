import { describe, expect, it } from 'vitest';
import { WELCOME_TYPES } from '../../test/fixtures.ts';
import { signUp, startTestServer } from '../../test/server.ts';

const server = await startTestServer();
const { services, rest } = server;

describe('GET /api/notifications', () => {
  it('answers the welcome notifications in the spec’s shape with the unread count', async () => {
    const { token } = await signUp(services);
    const response = await rest('GET', '/notifications', { token });
    expect(response.status).toBe(200);
    expect(response.body.unreadCount).toBe(4);
    expect(response.body.hasMore).toBe(false);
    expect(response.body.notifications.map((n: { type: string }) => n.type).sort()).toEqual([...WELCOME_TYPES].sort());
    expect(response.body.notifications[0]).toEqual({
      id: expect.any(String),
      type: expect.any(String),
      content: expect.any(String),
      link: null,
      read: false,
      createdAt: expect.any(String),
      fromUser: null,
      share: null,
      comment: null,
    });
  });

  it('pages with limit and before', async () => {
    const { token } = await signUp(services);
    const first = await rest('GET', '/notifications?limit=3', { token });
    expect(first.body.notifications).toHaveLength(3);
    expect(first.body.hasMore).toBe(true);
    const last = first.body.notifications[2].id;
    const second = await rest('GET', `/notifications?limit=3&before=${last}`, { token });
    expect(second.body.notifications).toHaveLength(1);
    expect(second.body.hasMore).toBe(false);
  });
});

describe('POST /api/notifications/:id/read', () => {
  it('marks the viewer’s notification read and lowers the unread count by one', async () => {
    const { token } = await signUp(services);
    const [notification] = (await rest('GET', '/notifications', { token })).body.notifications;
    const response = await rest('POST', `/notifications/${notification.id}/read`, { token });
    expect(response).toMatchObject({ status: 200, body: { notification: { id: notification.id, read: true } } });
    expect((await rest('GET', '/notifications', { token })).body.unreadCount).toBe(3);
  });

  it('answers 404 for another user’s notification and leaves it unread', async () => {
    const owner = await signUp(services);
    const intruder = await signUp(services);
    const [notification] = (await rest('GET', '/notifications', { token: owner.token })).body.notifications;
    const response = await rest('POST', `/notifications/${notification.id}/read`, { token: intruder.token });
    expect(response).toMatchObject({ status: 404, body: { error: 'Notification not found' } });
    expect((await services.db.notification.findUniqueOrThrow({ where: { id: notification.id } })).read).toBe(false);
  });
});

describe('POST /api/notifications/mark-all-read', () => {
  it('answers markedCount and marks none of anyone else’s', async () => {
    const { token } = await signUp(services);
    const other = await signUp(services);
    expect(await rest('POST', '/notifications/mark-all-read', { token })).toMatchObject({ status: 200, body: { markedCount: 4 } });
    expect((await rest('GET', '/notifications', { token })).body.unreadCount).toBe(0);
    expect(await rest('POST', '/notifications/mark-all-read', { token })).toMatchObject({ status: 200, body: { markedCount: 0 } });
    expect((await rest('GET', '/notifications', { token: other.token })).body.unreadCount).toBe(4);
  });
});
