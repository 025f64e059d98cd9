import { isCredentialOpen } from '../../domain/credentials.ts';
import type { Services, Viewer } from '../../domain/services.ts';
import { builder } from '../builder.ts';

/**
 * Passes events on while the subscriber's session or API token lasts; logout, revocation or a password reset ends it.
 * Written as a plain iterator rather than a generator: a generator waiting for the next event cannot be
 * returned early, so a client that disconnects would hold its topic until that user's next event.
 */
function whileSessionOpen<T>(services: Services, viewer: Viewer, events: AsyncIterable<T>): AsyncIterableIterator<T> {
  const inner = events[Symbol.asyncIterator]();
  const finish = async (): Promise<IteratorResult<T>> => {
    await inner.return?.();
    return { done: true, value: undefined };
  };
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      const result = await inner.next();
      if (result.done) return result;
      return (await isCredentialOpen(services, viewer.credential)) ? result : finish();
    },
    return: finish,
  };
}

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
