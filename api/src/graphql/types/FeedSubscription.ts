import { unreadCountsByFeed } from '../../domain/articles/unreadCounts.ts';
import { displayTitle, listSubscriptions } from '../../domain/subscriptions/subscriptions.ts';
import { builder, type SignedInContext } from '../builder.ts';
import { batchedPerRequest } from '../batchedPerRequest.ts';
import { inDomainOrder } from '../loadByIds.ts';
import { nodeIdFilter, ownerIdFilter } from '../nodeFilters.ts';

export const FeedSubscriptionNode = builder.prismaNode('Subscription', {
  name: 'FeedSubscription',
  description: "The viewer's subscription to a feed, with their own title and folder.",
  id: { field: 'id' },
  // node(id:) loads only the viewer's own, as the lists do.
  findUnique: (id, context) => ({ id: nodeIdFilter(id, context), userId: ownerIdFilter(context) }),
  nullable: true,
  fields: (t) => ({
    title: t.string({
      description: "The title the subscriber sees: their own, else the feed's.",
      select: { title: true, feed: { select: { title: true, url: true } } },
      resolve: (subscription) => displayTitle(subscription),
    }),
    customTitle: t.exposeString('title', { nullable: true, description: "The subscriber's own title, if they set one." }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the viewer subscribed.' }),
    muted: t.exposeBoolean('muted', {
      description: 'Muted: kept subscribed, with its own list and count, but out of everything, its folder and their counts.',
    }),
    feed: t.relation('feed', { description: 'The feed, shared with its other subscribers.' }),
    folder: t.relation('folder', { nullable: true, description: 'The folder it is in; null when in none.' }),
    unreadCount: t.int({
      description: "How many of the feed's articles the viewer has not read.",
      select: { feedId: true },
      // All the viewer's counts in one grouped statement per request: the folders' subscriptions resolve a tick
      // after the root ones, and the cached load serves both.
      resolve: async (subscription, _args, context) => {
        const viewer = context.viewer;
        if (!viewer) return 0;
        const loader = batchedPerRequest(context, 'FeedSubscription.unreadCount', (viewerIds) =>
          Promise.all(viewerIds.map(() => unreadCountsByFeed(context.services, viewer))),
        );
        return (await loader.load(viewer.id)).get(subscription.feedId) ?? 0;
      },
    }),
  }),
});

builder.queryFields((t) => ({
  feedSubscriptions: t.withAuth({ signedIn: true }).prismaField({
    type: ['Subscription'],
    description: "All of the viewer's subscriptions, oldest first (OPML imports cap how many one user has).",
    resolve: (query, _root, _args, context) => subscriptionsOf(context, query, {}),
  }),
  rootSubscriptions: t.withAuth({ signedIn: true }).prismaField({
    type: ['Subscription'],
    description: "The viewer's subscriptions that are in no folder.",
    resolve: (query, _root, _args, context) => subscriptionsOf(context, query, { folderId: null }),
  }),
}));

/** The viewer's subscriptions as the domain lists them, reloaded with a GraphQL selection. */
export async function subscriptionsOf(context: SignedInContext, query: { select?: object; include?: object }, input: { folderId?: null }) {
  const ids = (await listSubscriptions(context.services, context.viewer, input)).map((subscription) => subscription.id);
  return inDomainOrder(ids, (inIds) => context.services.db.subscription.findMany({ ...query, where: { id: { in: inIds } } }));
}
