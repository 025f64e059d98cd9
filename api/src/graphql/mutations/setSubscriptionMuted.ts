import { setSubscriptionMuted } from '../../domain/subscriptions/subscriptions.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { FeedSubscriptionNode } from '../types/FeedSubscription.ts';

builder.mutationField('setSubscriptionMuted', (t) =>
  t.withAuth({ signedIn: true }).prismaField({
    type: 'Subscription',
    description:
      'Mutes or unmutes one of the viewer’s subscriptions: a muted feed stays subscribed, with its own list and count, but leaves everything, its folder and their counts.',
    errors: { types: domainErrors },
    args: {
      id: t.arg.globalID({ required: true, for: FeedSubscriptionNode, description: 'The subscription.' }),
      muted: t.arg.boolean({ required: true, description: 'True to mute, false to unmute.' }),
    },
    resolve: async (query, _root, { id, muted }, context) => {
      const changed = await setSubscriptionMuted(context.services, context.viewer, id.id, { muted });
      return context.services.db.subscription.findUniqueOrThrow({ ...query, where: { id: changed.id } });
    },
  }),
);
