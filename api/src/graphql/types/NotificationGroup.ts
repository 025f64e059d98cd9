import {
  countUnreadNotificationGroups,
  listNotificationGroups,
  loadNotificationGroups,
  type NotificationGroup,
} from '../../domain/notifications/notificationGroups.ts';
import { builder } from '../builder.ts';
import { pagedForward } from '../forwardPaging.ts';
import { pageConnection } from '../loadByIds.ts';
import { NotificationTypeEnum } from './Notification.ts';

export const NotificationGroupNode = builder.node(builder.objectRef<NotificationGroup>('NotificationGroup'), {
  description:
    'Notifications shown as one row: mentions in one article’s comments, or new followers; any other notification is a group of one. Its id is its newest member’s.',
  id: { resolve: (group) => group.id },
  loadMany: (ids, context) => (context.viewer ? loadNotificationGroups(context.services, context.viewer, ids) : []),
  isTypeOf: (value) => typeof value === 'object' && value !== null && 'summary' in value && 'latest' in value,
  fields: (t) => ({
    type: t.field({
      type: NotificationTypeEnum,
      description: 'What its members are about (its newest member’s type).',
      resolve: (group) => group.latest.type,
    }),
    summary: t.exposeString('summary', {
      description: "The row's sentence ('@alice and 3 others mentioned you in comments on \"…\"'); plain text, render it escaped.",
    }),
    count: t.exposeInt('count', { description: 'How many notifications it holds.' }),
    unreadCount: t.exposeInt('unreadCount', { description: 'How many of its notifications are unread.' }),
    read: t.exposeBoolean('read', { description: 'Whether every member is read.' }),
    actorCount: t.exposeInt('actorCount', { description: 'How many distinct people caused its members.' }),
    actors: t.prismaField({
      type: ['User'],
      description: 'Up to three of those people, the most recent first.',
      // Prisma batches the findUnique calls of one tick into one query, so a page of groups loads its people at once.
      resolve: async (query, group, _args, context) =>
        (
          await Promise.all(group.actors.map((actor) => context.services.db.user.findUnique({ ...query, where: { id: actor.id } })))
        ).flatMap((user) => user ?? []),
    }),
    latestAt: t.field({
      type: 'DateTime',
      description: 'When its newest member happened; groups are ordered by it.',
      resolve: (group) => group.latest.createdAt,
    }),
    latest: t.prismaField({
      type: 'Notification',
      description: 'The newest member: a click goes where it goes.',
      resolve: (query, group, _args, context) => context.services.db.notification.findUniqueOrThrow({ ...query, where: { id: group.id } }),
    }),
  }),
});

builder.queryFields((t) => ({
  notificationGroups: pagedForward(
    t.withAuth({ signedIn: true }).connection({
      type: NotificationGroupNode,
      description: "The viewer's notifications grouped, one row per group, the newest group first.",
      resolve: async (_root, args, context) => {
        const page = await listNotificationGroups(context.services, context.viewer, {
          limit: args.first ?? undefined,
          before: args.after ?? undefined,
        });
        const ids = page.groups.map((group) => group.id);
        return pageConnection({ items: page.groups, cursors: ids, hasNextPage: page.hasMore, endCursor: ids.at(-1) ?? null }, page.groups);
      },
    }),
  ),
  unreadNotificationGroupCount: t.int({
    authScopes: { signedIn: true },
    description: 'How many notification groups have an unread member: the number the bell shows.',
    resolve: (_root, _args, context) => countUnreadNotificationGroups(context.services, context.viewer!),
  }),
}));
