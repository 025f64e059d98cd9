import { updateSubscription } from '../../domain/subscriptions/subscriptions.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { FeedSubscriptionNode } from '../types/FeedSubscription.ts';

builder.mutationField('updateFullTextSettings', (t) =>
  t.withAuth({ signedIn: true }).prismaField({
    type: 'Subscription',
    description:
      'Changes the full-article settings of one of the viewer’s subscriptions: always showing the full article (which reads the feed’s recent articles), and the feed’s site rules (shared with its other subscribers; a change reads the recent articles again). An argument left out keeps its value.',
    errors: { types: domainErrors },
    args: {
      id: t.arg.globalID({ required: true, for: FeedSubscriptionNode, description: 'The subscription.' }),
      fullText: t.arg.boolean({ description: 'Always show the full article.' }),
      contentSelector: t.arg.string({
        description: 'The CSS selector of the article on its pages; null or blank lets Readability find it.',
      }),
      removeSelectors: t.arg.stringList({ description: 'CSS selectors of what to remove from the page first (20 at most).' }),
    },
    resolve: async (query, _root, { id, fullText, contentSelector, removeSelectors }, context) => {
      // GraphQL's null for fullText or removeSelectors means "left out"; contentSelector's null clears it.
      const changed = await updateSubscription(context.services, context.viewer, id.id, {
        ...(fullText != null && { fullText }),
        ...(contentSelector !== undefined && { contentSelector }),
        ...(removeSelectors != null && { removeSelectors }),
      });
      return context.services.db.subscription.findUniqueOrThrow({ ...query, where: { id: changed.id } });
    },
  }),
);
