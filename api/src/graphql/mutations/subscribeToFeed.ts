import { subscribe } from '../../domain/subscriptions/subscribe.ts';
import type { SubscriptionWithFeed } from '../../domain/subscriptions/subscriptions.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { FeedSubscriptionNode } from '../types/FeedSubscription.ts';

const SubscribeToFeedPayload = builder
  .objectRef<{ subscription: SubscriptionWithFeed; articlesAdded: number }>('SubscribeToFeedPayload')
  .implement({
    fields: (t) => ({
      subscription: t.expose('subscription', { type: FeedSubscriptionNode }),
      articlesAdded: t.exposeInt('articlesAdded', { description: 'Articles stored by the first fetch.' }),
    }),
  });

builder.mutationField('subscribeToFeed', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: SubscribeToFeedPayload,
    description: "Subscribes to the feed at an address (a web page's advertised feed is found first) and fetches it.",
    errors: { types: domainErrors },
    args: { url: t.arg.string({ required: true }) },
    resolve: (_root, { url }, context) => subscribe(context.services, context.viewer, { url }),
  }),
);
