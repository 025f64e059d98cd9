import { refreshSubscription } from '../../domain/subscriptions/refreshSubscriptions.ts';
import type { RefreshOutcome } from '../../domain/refresh/refreshFeed.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { FeedSubscriptionNode } from '../types/FeedSubscription.ts';

const RefreshSubscriptionPayload = builder.objectRef<RefreshOutcome>('RefreshSubscriptionPayload').implement({
  description: 'How fetching one feed now went.',
  fields: (t) => ({
    articlesAdded: t.exposeInt('articlesAdded', { description: 'New articles the fetch stored; 0 when none, or when it failed.' }),
    error: t.exposeString('error', { nullable: true, description: 'Why the fetch failed, if it did.' }),
    retryAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the feed’s server asked to be fetched again (Retry-After): the feed was not fetched, or it answered so.',
      resolve: (outcome) => outcome.retryAt ?? null,
    }),
  }),
});

builder.mutationField('refreshSubscription', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: RefreshSubscriptionPayload,
    description: 'Fetches the feed of one of the viewer’s subscriptions now.',
    errors: { types: domainErrors },
    args: { id: t.arg.globalID({ required: true, for: FeedSubscriptionNode }) },
    resolve: (_root, { id }, context) => refreshSubscription(context.services, context.viewer, id.id),
  }),
);
