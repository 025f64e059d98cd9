import { encodeGlobalID } from '@pothos/plugin-relay';
import { queryFromInfo } from '@pothos/plugin-prisma';
import { countUnreadNotifications, listNotifications, notificationLinkFor } from '../../domain/notifications/notifications.ts';
import { inDomainOrder, pageConnection } from '../loadByIds.ts';
import { builder } from '../builder.ts';
import { pagedForward } from '../forwardPaging.ts';
import { nodeIdFilter, ownerIdFilter } from '../nodeFilters.ts';

export const NotificationTypeEnum = builder.enumType('NotificationType', {
  description: 'What a notification is about; clients route a click by it.',
  values: {
    welcome: { description: 'A new account’s greeting.' },
    onboarding_tools: { description: 'A new account’s tip: the browser extension and the bookmarklet (Settings).' },
    onboarding_pdf: { description: 'A new account’s tip: exporting liked and shared articles as PDF or EPUB.' },
    keyboard_shortcuts: { description: 'A new account’s tip: the keyboard shortcuts.' },
    password_reset: { description: 'A password reset link an administrator made; `link` holds it.' },
    comment_mention: { description: 'Someone @mentioned the viewer in a comment; `articleId` is its article.' },
    share_mention: { description: 'Someone @mentioned the viewer in a share’s note; `articleId` is its article.' },
    new_follower: { description: 'Someone followed the viewer; `fromUser` is who.' },
    comment_on_share: { description: 'Someone commented on an article the viewer shared; `articleId` is its article.' },
    digest: { description: 'The viewer’s weekly digest is ready.' },
  } as const,
});

export const NotificationNode = builder.prismaNode('Notification', {
  description: 'Something that happened for the viewer.',
  id: { field: 'id' },
  // node(id:) and nodes(ids:) load only the viewer's own: a reset link must never reach anyone else.
  findUnique: (id, context) => ({ id: nodeIdFilter(id, context), userId: ownerIdFilter(context) }),
  // An id that names nothing (or nothing visible) is a null node, as Relay expects, not an error.
  nullable: true,
  fields: (t) => ({
    type: t.expose('type', { type: NotificationTypeEnum, description: 'What it is about.' }),
    content: t.exposeString('content', { description: 'Plain text; render it escaped.' }),
    link: t.string({
      nullable: true,
      description:
        "An action link for a button, apart from the text (a password reset's when the instance sends no e-mail; never to an API token).",
      select: { type: true, link: true },
      resolve: (notification, _args, context) => notificationLinkFor(context.viewer, notification),
    }),
    read: t.exposeBoolean('read', { description: 'Whether the viewer has read it (markNotificationRead).' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it happened.' }),
    fromUser: t.relation('fromUser', { nullable: true, description: 'Who caused it, if anyone.' }),
    articleId: t.id({
      nullable: true,
      description: 'The article a comment or share notification is about; a click opens it.',
      select: { share: { select: { articleId: true } }, comment: { select: { articleId: true } } },
      resolve: (notification) => {
        const articleId = notification.share?.articleId ?? notification.comment?.articleId;
        return articleId ? encodeGlobalID('Article', articleId) : null;
      },
    }),
  }),
});

builder.queryFields((t) => ({
  notifications: pagedForward(
    t.withAuth({ signedIn: true }).connection({
      type: NotificationNode,
      description: "The viewer's notifications, newest first.",
      resolve: async (_root, args, context, info) => {
        // REST's `before` is the last notification's id; the connection's cursor is that id too.
        const page = await listNotifications(context.services, context.viewer, {
          limit: args.first ?? undefined,
          before: args.after ?? undefined,
        });
        const ids = page.notifications.map((notification) => notification.id);
        const query = queryFromInfo({ context, info, path: ['edges', 'node'] });
        const notifications = await inDomainOrder(ids, (inIds) =>
          context.services.db.notification.findMany({ ...query, where: { id: { in: inIds } } }),
        );
        return pageConnection(
          { items: page.notifications, cursors: ids, hasNextPage: page.hasMore, endCursor: ids.at(-1) ?? null },
          notifications,
        );
      },
    }),
  ),
  unreadNotificationCount: t.int({
    authScopes: { signedIn: true },
    description: "How many of the viewer's notifications are unread.",
    resolve: (_root, _args, context) => countUnreadNotifications(context.services, context.viewer!),
  }),
}));
