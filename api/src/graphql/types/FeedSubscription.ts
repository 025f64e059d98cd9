import { displayTitle } from '../../domain/subscriptions.ts';
import { builder } from '../builder.ts';

export const FeedSubscriptionNode = builder.prismaNode('Subscription', {
  name: 'FeedSubscription',
  description: "The viewer's subscription to a feed, with their own title and folder.",
  id: { field: 'id' },
  fields: (t) => ({
    title: t.string({
      description: "The title the subscriber sees: their own, else the feed's.",
      select: { title: true, feed: { select: { title: true, url: true } } },
      resolve: (subscription) => displayTitle(subscription),
    }),
    customTitle: t.exposeString('title', { nullable: true, description: "The subscriber's own title, if they set one." }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    feed: t.relation('feed'),
    folder: t.relation('folder', { nullable: true }),
  }),
});

builder.queryFields((t) => ({
  feedSubscriptions: t.withAuth({ signedIn: true }).prismaField({
    type: ['Subscription'],
    description: "All of the viewer's subscriptions, oldest first (OPML imports cap how many one user has).",
    resolve: (query, _root, _args, context) =>
      context.services.db.subscription.findMany({ ...query, where: { userId: context.viewer.id }, orderBy: { id: 'asc' } }),
  }),
  rootSubscriptions: t.withAuth({ signedIn: true }).prismaField({
    type: ['Subscription'],
    description: "The viewer's subscriptions that are in no folder.",
    resolve: (query, _root, _args, context) =>
      context.services.db.subscription.findMany({ ...query, where: { userId: context.viewer.id, folderId: null }, orderBy: { id: 'asc' } }),
  }),
}));
