import { describe, expect, it } from 'vitest';
import { WELCOME_TYPES } from '../../../test/fixtures.ts';
import { signUp } from '../../../test/server.ts';
import { createTestServices } from '../../../test/services.ts';
import { InvalidInputError, NotFoundError } from '../core/errors.ts';
import { countUnreadNotifications, listNotifications, markAllNotificationsRead, markNotificationRead } from './notifications.ts';
import type { Viewer } from '../core/services.ts';
import { viewerFromBearerToken } from '../accounts/credentials.ts';

const services = await createTestServices();

async function newViewer(): Promise<Viewer> {
  const { token } = await signUp(services);
  return (await viewerFromBearerToken(services, token))!;
}

async function refusal(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: Error) => error,
  );
}

async function addNotifications(userId: string, count: number) {
  for (let i = 0; i < count; i += 1) await services.db.notification.create({ data: { userId, type: 'digest', content: `Digest ${i}` } });
}

describe('listNotifications', () => {
  it('starts a new account with its four welcome notifications, all unread', async () => {
    const viewer = await newViewer();
    const page = await listNotifications(services, viewer, {});
    expect(page.notifications.map((n) => n.type).sort()).toEqual([...WELCOME_TYPES].sort());
    expect(page).toMatchObject({ hasMore: false, unreadCount: 4 });
    expect(page.notifications[0]).toMatchObject({ fromUser: null, share: null, comment: null, read: false });
  });

  it('pages newest first, 20 by default, with `before` going further back', async () => {
    const viewer = await newViewer();
    await addNotifications(viewer.id, 21);
    const first = await listNotifications(services, viewer, {});
    expect(first.notifications).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    expect(first.notifications[0]!.content).toBe('Digest 20');
    const ids = first.notifications.map((n) => n.id);
    expect([...ids].sort().reverse()).toEqual(ids);
    const second = await listNotifications(services, viewer, { before: ids.at(-1), limit: '10' });
    expect(second.notifications).toHaveLength(5);
    expect(second.hasMore).toBe(false);
    expect(second.notifications.every((n) => n.id < ids.at(-1)!)).toBe(true);
    expect(second.unreadCount).toBe(25);
  });

  it('shows nothing of other users', async () => {
    const viewer = await newViewer();
    const other = await newViewer();
    await addNotifications(other.id, 3);
    const page = await listNotifications(services, viewer, { limit: 100 });
    expect(page.notifications).toHaveLength(4);
  });

  it.each([
    ['a limit of 0', { limit: '0' }, 'limit must be at least 1'],
    ['a limit of 101', { limit: '101' }, 'limit must be at most 100'],
    ['a limit that is not a number', { limit: 'many' }, 'limit must be a number'],
    ['a fractional limit', { limit: '2.5' }, 'limit must be a whole number'],
    ['a malformed `before`', { before: 'yesterday' }, 'before must be a notification id'],
  ])('refuses %s', async (_name, input, message) => {
    const viewer = await newViewer();
    const error = await refusal(listNotifications(services, viewer, input));
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error.message).toBe(message);
  });
});

describe('markNotificationRead', () => {
  it('marks one of the viewer’s notifications read, once or twice', async () => {
    const viewer = await newViewer();
    const [notification] = (await listNotifications(services, viewer, {})).notifications;
    expect((await markNotificationRead(services, viewer, notification!.id)).read).toBe(true);
    expect((await markNotificationRead(services, viewer, notification!.id)).read).toBe(true);
    expect(await countUnreadNotifications(services, viewer)).toBe(3);
  });

  it('answers not found for another user’s notification and leaves it unread', async () => {
    const viewer = await newViewer();
    const other = await newViewer();
    const [theirs] = (await listNotifications(services, other, {})).notifications;
    const error = await refusal(markNotificationRead(services, viewer, theirs!.id));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe('Notification not found');
    expect((await services.db.notification.findUniqueOrThrow({ where: { id: theirs!.id } })).read).toBe(false);
  });

  it.each([
    ['a malformed id', 'nope'],
    ['a number', 3],
    ['an unknown id', '0190a3c4-0000-7000-8000-000000000000'],
  ])('answers not found for %s', async (_name, id) => {
    const viewer = await newViewer();
    expect(await refusal(markNotificationRead(services, viewer, id))).toBeInstanceOf(NotFoundError);
    expect(await countUnreadNotifications(services, viewer)).toBe(4);
  });
});

describe('markAllNotificationsRead', () => {
  it('marks every unread notification of the viewer read, answers how many, and touches no one else’s', async () => {
    const viewer = await newViewer();
    const other = await newViewer();
    const [one] = (await listNotifications(services, viewer, {})).notifications;
    await markNotificationRead(services, viewer, one!.id);
    expect(await markAllNotificationsRead(services, viewer)).toBe(3);
    expect(await countUnreadNotifications(services, viewer)).toBe(0);
    expect(await markAllNotificationsRead(services, viewer)).toBe(0);
    expect(await countUnreadNotifications(services, other)).toBe(4);
  });
});
