import { builder } from '../builder.ts';

builder.subscriptionField('notificationAdded', (t) =>
  t.withAuth({ signedIn: true }).prismaField({
    type: 'Notification',
    description: "Each new notification of the viewer, as it is created. Nothing of other users is ever delivered.",
    subscribe: (_root, _args, context) => context.services.events.subscribe('notification:added', context.viewer.id),
    resolve: (query, event: { notificationId: string }, _args, context) =>
      context.services.db.notification.findUniqueOrThrow({ ...query, where: { id: event.notificationId, userId: context.viewer.id } }),
  }),
);
