import { detectFeeds } from '../../domain/subscriptions/detect.ts';
import type { DetectedFeed } from '../../domain/subscriptions/detect.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';

export const FeedCandidateRef = builder.objectRef<DetectedFeed>('FeedCandidate').implement({
  description: 'A feed found at an address, offered for subscription.',
  fields: (t) => ({
    url: t.exposeString('url'),
    title: t.exposeString('title'),
    description: t.exposeString('description'),
    subscribed: t.exposeBoolean('subscribed', { description: 'Whether the viewer already subscribes to this feed.' }),
  }),
});

builder.queryField('detectFeeds', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [FeedCandidateRef],
    description: 'The feeds at an address: the address itself, the feeds its page advertises, or the usual paths.',
    errors: { types: domainErrors },
    args: { url: t.arg.string({ required: true }) },
    resolve: (_root, { url }, context) => detectFeeds(context.services, context.viewer, { url }),
  }),
);
