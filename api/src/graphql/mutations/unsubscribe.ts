import { encodeGlobalID } from '@pothos/plugin-relay';
import { unsubscribe } from '../../domain/subscriptions/subscriptions.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { FeedSubscriptionNode } from '../types/FeedSubscription.ts';

const UnsubscribePayload = builder.objectRef<{ deletedSubscriptionId: string }>('UnsubscribePayload').implement({
  description: 'The ended subscription’s id, to take it out of the sidebar.',
  fields: (t) => ({ deletedSubscriptionId: t.exposeID('deletedSubscriptionId', { description: 'Global id of the ended subscription.' }) }),
});

builder.mutationField('unsubscribe', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: UnsubscribePayload,
    description: 'Ends one of the viewer’s subscriptions.',
    errors: { types: domainErrors },
    args: { id: t.arg.globalID({ required: true, for: FeedSubscriptionNode }) },
    resolve: async (_root, { id }, context) => {
      await unsubscribe(context.services, context.viewer, id.id);
      return { deletedSubscriptionId: encodeGlobalID('FeedSubscription', id.id) };
    },
  }),
);
