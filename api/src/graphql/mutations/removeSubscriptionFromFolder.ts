import { removeSubscriptionFromFolder } from '../../domain/subscriptions/folders.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { FeedSubscriptionNode } from '../types/FeedSubscription.ts';

builder.mutationField('removeSubscriptionFromFolder', (t) =>
  t.withAuth({ signedIn: true }).prismaField({
    type: 'Subscription',
    description: 'Takes one of the viewer’s subscriptions out of its folder, to the root.',
    errors: { types: domainErrors },
    args: { subscriptionId: t.arg.globalID({ required: true, for: FeedSubscriptionNode }) },
    resolve: async (query, _root, args, context) => {
      const moved = await removeSubscriptionFromFolder(context.services, context.viewer, { subscriptionId: args.subscriptionId.id });
      return context.services.db.subscription.findUniqueOrThrow({ ...query, where: { id: moved.id } });
    },
  }),
);
