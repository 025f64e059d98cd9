import { markNotificationRead } from '../../domain/notifications/notifications.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { NotificationNode } from '../types/Notification.ts';

builder.mutationField('markNotificationRead', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: NotificationNode,
    description: 'Marks one of the viewer’s notifications read.',
    errors: { types: domainErrors },
    args: { id: t.arg.globalID({ required: true, for: NotificationNode }) },
    resolve: (_root, { id }, context) => markNotificationRead(context.services, context.viewer, id.id),
  }),
);
