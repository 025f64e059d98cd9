import { builder } from '../builder.ts';
import { whileSessionOpen } from './whileSessionOpen.ts';

builder.subscriptionField('notificationAdded', (t) =>
  t.withAuth({ signedIn: true }).prismaField({
    type: 'Notification',
    description: 'Each new notification of the viewer, as it is created. Nothing of other users is ever delivered.',
    subscribe: (_root, _args, context) =>
      whileSessionOpen(context.services, context.viewer, context.services.events.subscribe('notification:added', context.viewer.id)),
    // The topic is the viewer's own, so the id alone is enough, and a findUnique by id lets Prisma batch the
    // lookups of every connection that receives the event into one query.
    resolve: (query, event: { notificationId: string }, _args, context) =>
      context.services.db.notification.findUniqueOrThrow({ ...query, where: { id: event.notificationId } }),
  }),
);
