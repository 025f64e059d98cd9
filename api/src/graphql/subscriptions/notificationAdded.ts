import { isSessionOpen } from '../../domain/sessions.ts';
import type { Services, Viewer } from '../../domain/services.ts';
import { builder } from '../builder.ts';

/** Passes events on while the subscriber's session lasts; logout or a password reset ends the subscription. */
async function* whileSessionOpen<T>(services: Services, viewer: Viewer, events: AsyncIterable<T>): AsyncGenerator<T> {
  for await (const event of events) {
    if (!(await isSessionOpen(services, viewer.sessionId))) return;
    yield event;
  }
}

builder.subscriptionField('notificationAdded', (t) =>
  t.withAuth({ signedIn: true }).prismaField({
    type: 'Notification',
    description: "Each new notification of the viewer, as it is created. Nothing of other users is ever delivered.",
    subscribe: (_root, _args, context) =>
      whileSessionOpen(context.services, context.viewer, context.services.events.subscribe('notification:added', context.viewer.id)),
    resolve: (query, event: { notificationId: string }, _args, context) =>
      context.services.db.notification.findUniqueOrThrow({ ...query, where: { id: event.notificationId, userId: context.viewer.id } }),
  }),
);
