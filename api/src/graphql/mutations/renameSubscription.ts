import { renameSubscription } from '../../domain/subscriptions/subscriptions.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { FeedSubscriptionNode } from '../types/FeedSubscription.ts';

const RenameSubscriptionInput = builder.inputType('RenameSubscriptionInput', {
  description: 'The viewer’s own title for a subscription.',
  fields: (t) => ({ title: t.string({ description: "The subscriber's own title; blank or null goes back to the feed's." }) }),
});

builder.mutationField('renameSubscription', (t) =>
  t.withAuth({ signedIn: true }).prismaField({
    type: 'Subscription',
    description: 'Sets the viewer’s own title for a subscription.',
    errors: { types: domainErrors },
    args: {
      id: t.arg.globalID({ required: true, for: FeedSubscriptionNode }),
      input: t.arg({ type: RenameSubscriptionInput, required: true, description: 'The new title.' }),
    },
    resolve: async (query, _root, { id, input }, context) => {
      const renamed = await renameSubscription(context.services, context.viewer, id.id, input);
      return context.services.db.subscription.findUniqueOrThrow({ ...query, where: { id: renamed.id } });
    },
  }),
);
