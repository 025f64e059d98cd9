import { z } from 'zod';
import type { NotificationType, Prisma } from '../../generated/prisma/client.ts';
import { mayKnowCredentialSecrets } from '../access/access.ts';
import { NotFoundError, parseInput } from '../core/errors.ts';
import { uuid } from '../core/fields.ts';
import type { Services, Viewer } from '../core/services.ts';

type Tx = Prisma.TransactionClient;

export type NewNotification = {
  userId: string;
  type: NotificationType;
  content: string;
  link?: string | null;
  fromUserId?: string | null;
  shareId?: string | null;
  commentId?: string | null;
  /** Its group in the list (`notificationGroupKey`); none stands alone. */
  groupKey?: string | null;
};

/** A created notification, to be announced with `announceNotifications` once its transaction has committed. */
export type CreatedNotification = { id: string; userId: string };

/**
 * Writes notifications in the caller's transaction, so they exist exactly when their cause does. One from someone
 * its recipient muted (social/mutes.ts) is not written: every kind a person causes (mentions, comments on a share,
 * follows) passes here, and the sender cannot tell.
 */
export async function createNotifications(tx: Tx, notifications: NewNotification[]): Promise<CreatedNotification[]> {
  const heard = await withoutMutedSenders(tx, notifications);
  if (heard.length === 0) return [];
  return tx.notification.createManyAndReturn({ data: heard, select: { id: true, userId: true } });
}

async function withoutMutedSenders(tx: Tx, notifications: NewNotification[]): Promise<NewNotification[]> {
  const fromSomeone = notifications.filter((notification) => notification.fromUserId);
  if (fromSomeone.length === 0) return notifications;
  const mutes = await tx.mute.findMany({
    where: { OR: fromSomeone.map((notification) => ({ muterId: notification.userId, mutedId: notification.fromUserId! })) },
    select: { muterId: true, mutedId: true },
  });
  const muted = new Set(mutes.map((row) => `${row.muterId} ${row.mutedId}`));
  return notifications.filter((notification) => !muted.has(`${notification.userId} ${notification.fromUserId}`));
}

/** Publishes committed notifications to their recipients' live subscriptions. */
export function announceNotifications(services: Pick<Services, 'events'>, created: CreatedNotification[]): void {
  for (const { id, userId } of created) services.events.publish('notification:added', userId, { notificationId: id });
}

/** The notifications every new account starts with. */
export function welcomeNotifications(userId: string): NewNotification[] {
  return [
    {
      userId,
      type: 'welcome',
      content: 'Welcome to Tidings! Discover feeds to follow and start reading with your friends.',
    },
    {
      userId,
      type: 'onboarding_tools',
      content: 'Save articles from anywhere: install the browser extension or the bookmarklet from Settings.',
    },
    {
      userId,
      type: 'onboarding_pdf',
      content: 'Take your reading offline: export liked and shared articles as a PDF or EPUB.',
    },
    {
      userId,
      type: 'keyboard_shortcuts',
      content: 'Read faster with the keyboard: j and k move, Enter opens, Esc clears, / opens the command palette.',
    },
  ];
}

export const NOTIFICATION_PAGE_SIZE = 20;
export const NOTIFICATION_PAGE_MAX = 100;

/** A page's `limit` of the notification lists (single and grouped). */
export const notificationPageLimit = z.coerce
  .number({ error: 'limit must be a number' })
  .int('limit must be a whole number')
  .min(1, 'limit must be at least 1')
  .max(NOTIFICATION_PAGE_MAX, `limit must be at most ${NOTIFICATION_PAGE_MAX}`)
  .default(NOTIFICATION_PAGE_SIZE);

const listInput = z.object({
  limit: notificationPageLimit,
  before: z.uuid('before must be a notification id').optional(),
});

export const notificationInclude = {
  fromUser: { select: { id: true, username: true, displayName: true, avatarUrl: true } },
  share: { select: { id: true, article: { select: { id: true, title: true } } } },
  comment: { select: { id: true, article: { select: { id: true, title: true } } } },
} satisfies Prisma.NotificationInclude;

/** The viewer's notifications, newest first, a page at a time (keyset on the time-ordered id), and their unread count. */
export async function listNotifications(services: Services, viewer: Viewer, input: unknown) {
  const { limit, before } = parseInput(listInput, input);
  const [rows, unreadCount] = await Promise.all([
    services.db.notification.findMany({
      where: { userId: viewer.id, ...(before ? { id: { lt: before } } : {}) },
      orderBy: { id: 'desc' },
      take: limit + 1,
      include: notificationInclude,
    }),
    countUnreadNotifications(services, viewer),
  ]);
  return { notifications: rows.slice(0, limit).map((row) => withLinkFor(viewer, row)), hasMore: rows.length > limit, unreadCount };
}

/**
 * A notification's action link as the viewer may see it: a password reset's reaches a session only, never an API
 * token (`mayKnowCredentialSecrets`). Every path that answers a notification goes through this.
 */
export function notificationLinkFor(viewer: Viewer | null, notification: { type: string; link: string | null }): string | null {
  return notification.type === 'password_reset' && !mayKnowCredentialSecrets(viewer) ? null : notification.link;
}

/** The notification as the viewer may see it (`notificationLinkFor`). */
export function withLinkFor<Row extends { type: string; link: string | null }>(viewer: Viewer, row: Row): Row {
  return { ...row, link: notificationLinkFor(viewer, row) };
}

/** How many of the viewer's notifications are unread. */
export function countUnreadNotifications(services: Services, viewer: Viewer): Promise<number> {
  return services.db.notification.count({ where: { userId: viewer.id, read: false } });
}

/** Marks one of the viewer's notifications read (idempotent); another user's notification is 'not found'. */
export async function markNotificationRead(services: Services, viewer: Viewer, notificationId: unknown) {
  const id = uuid.safeParse(notificationId);
  const notFound = new NotFoundError('Notification not found');
  if (!id.success) throw notFound;
  const { count } = await services.db.notification.updateMany({ where: { id: id.data, userId: viewer.id }, data: { read: true } });
  if (count === 0) throw notFound;
  return withLinkFor(viewer, await services.db.notification.findUniqueOrThrow({ where: { id: id.data }, include: notificationInclude }));
}

/** Marks all of the viewer's notifications read and answers how many changed. */
export async function markAllNotificationsRead(services: Services, viewer: Viewer): Promise<number> {
  const { count } = await services.db.notification.updateMany({ where: { userId: viewer.id, read: false }, data: { read: true } });
  return count;
}
