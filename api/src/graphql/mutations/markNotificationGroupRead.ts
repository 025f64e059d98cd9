import { markNotificationGroupRead } from '../../domain/notifications/notificationGroups.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { NotificationGroupNode } from '../types/NotificationGroup.ts';

builder.mutationField('markNotificationGroupRead', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: NotificationGroupNode,
    description: 'Marks a notification group read: its newest member and every older one.',
    errors: { types: domainErrors },
    args: { id: t.arg.globalID({ required: true, for: NotificationGroupNode }) },
    resolve: (_root, { id }, context) => markNotificationGroupRead(context.services, context.viewer, id.id),
  }),
);
