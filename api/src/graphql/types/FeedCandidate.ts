import { detectFeeds } from '../../domain/subscriptions/detect.ts';
import type { DetectedFeed } from '../../domain/subscriptions/detect.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';

export const FeedCandidateRef = builder.objectRef<DetectedFeed>('FeedCandidate').implement({
  description: 'A feed found at an address, offered for subscription.',
  fields: (t) => ({
    url: t.exposeString('url', { description: 'The feed’s address: pass it to subscribeToFeed.' }),
    title: t.exposeString('title', { description: 'The feed’s title, as plain text; empty when it has none.' }),
    description: t.exposeString('description', { description: 'The feed’s description, as plain text; empty when it has none.' }),
    subscribed: t.exposeBoolean('subscribed', { description: 'Whether the viewer already subscribes to this feed.' }),
  }),
});

builder.queryField('detectFeeds', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [FeedCandidateRef],
    description: 'The feeds at an address: the address itself, the feeds its page advertises, or the usual paths.',
    errors: { types: domainErrors, dataField: { description: 'The feeds found at the address; empty when there are none.' } },
    args: {
      url: t.arg.string({
        required: true,
        description: 'A web page or feed address: http or https (https:// is assumed without a scheme), at most 2048 characters.',
      }),
    },
    resolve: (_root, { url }, context) => detectFeeds(context.services, context.viewer, { url }),
  }),
);
