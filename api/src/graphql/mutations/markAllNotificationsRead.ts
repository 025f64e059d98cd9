import { markAllNotificationsRead } from '../../domain/notifications/notifications.ts';
import { builder } from '../builder.ts';

const MarkAllNotificationsReadPayload = builder.objectRef<{ markedCount: number }>('MarkAllNotificationsReadPayload').implement({
  description: 'How many notifications were marked read.',
  fields: (t) => ({ markedCount: t.exposeInt('markedCount', { description: 'How many notifications changed from unread to read.' }) }),
});

builder.mutationField('markAllNotificationsRead', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: MarkAllNotificationsReadPayload,
    description: 'Marks all of the viewer’s notifications read.',
    resolve: async (_root, _args, context) => ({ markedCount: await markAllNotificationsRead(context.services, context.viewer) }),
  }),
);
