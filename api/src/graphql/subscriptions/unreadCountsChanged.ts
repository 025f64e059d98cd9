import { builder } from '../builder.ts';
import { forgetBatches } from '../loadByIds.ts';
import { subscriptionsOf } from '../types/FeedSubscription.ts';
import { foldersOf } from '../types/Folder.ts';
import { whileSessionOpen } from './whileSessionOpen.ts';

/** The event carries nothing: a client selects `unreadCount` of the lists below and its store takes them by id. */
const UnreadCountsRef = builder.objectRef<Record<string, never>>('UnreadCounts').implement({
  description: "The viewer's subscriptions and folders, as they are now; select their unreadCount.",
  fields: (t) => ({
    subscriptions: t.withAuth({ signedIn: true }).prismaField({
      type: ['Subscription'],
      resolve: (query, _event, _args, context) => subscriptionsOf(context, query, {}),
    }),
    folders: t.withAuth({ signedIn: true }).prismaField({
      type: ['Folder'],
      resolve: (query, _event, _args, context) => foldersOf(context, query),
    }),
  }),
});

builder.subscriptionField('unreadCountsChanged', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: UnreadCountsRef,
    description:
      "Whenever the viewer's unread articles change (read, unread, marked all read, new articles, subscribing): their counts now.",
    subscribe: (_root, _args, context) =>
      whileSessionOpen(context.services, context.viewer, context.services.events.subscribe('unread:changed', context.viewer.id)),
    resolve: (event, _args, context) => {
      forgetBatches(context);
      return event;
    },
  }),
);
