import { findBatched } from '../../db/batched.ts';
import { NotFoundError } from '../../domain/core/errors.ts';
import { builder } from '../builder.ts';
import { whileSessionOpen } from './whileSessionOpen.ts';

builder.subscriptionField('notificationAdded', (t) =>
  t.withAuth({ signedIn: true }).prismaField({
    type: 'Notification',
    description: 'Each new notification of the viewer, as it is created. Nothing of other users is ever delivered.',
    subscribe: (_root, _args, context) =>
      whileSessionOpen(context.services, context.viewer, context.services.events.subscribe('notification:added', context.viewer.id)),
    // The topic is the viewer's own, so the id alone is enough; the lookups of every connection that receives
    // the event (with the same selection) are one query.
    resolve: async (query, event: { notificationId: string }, _args, context) => {
      const { db } = context.services;
      const batch = (ids: string[]) => db.notification.findMany({ ...query, where: { id: { in: ids } } });
      const notification = await findBatched(db, `notification ${JSON.stringify(query)}`, event.notificationId, batch, (row) => row.id);
      if (!notification) throw new NotFoundError('This notification no longer exists.');
      return notification;
    },
  }),
);
