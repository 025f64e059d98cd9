import { subscribe } from '../../domain/subscriptions/subscribe.ts';
import type { SubscriptionWithFeed } from '../../domain/subscriptions/subscriptions.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { FeedSubscriptionNode } from '../types/FeedSubscription.ts';

const SubscribeToFeedPayload = builder
  .objectRef<{ subscription: SubscriptionWithFeed; articlesAdded: number }>('SubscribeToFeedPayload')
  .implement({
    description: 'The new subscription, and how many articles its first fetch brought.',
    fields: (t) => ({
      subscription: t.expose('subscription', { type: FeedSubscriptionNode, description: 'The new subscription, with its feed.' }),
      articlesAdded: t.exposeInt('articlesAdded', { description: 'Articles stored by the first fetch.' }),
    }),
  });

builder.mutationField('subscribeToFeed', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: SubscribeToFeedPayload,
    description: "Subscribes to the feed at an address (a web page's advertised feed is found first) and fetches it.",
    errors: { types: domainErrors },
    args: {
      url: t.arg.string({
        required: true,
        description: 'A feed’s or a web page’s address: http or https (https:// is assumed without a scheme), at most 2048 characters.',
      }),
    },
    resolve: (_root, { url }, context) => subscribe(context.services, context.viewer, { url }),
  }),
);
