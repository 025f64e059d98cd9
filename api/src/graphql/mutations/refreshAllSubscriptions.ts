import { refreshAllSubscriptions, type FailedFeed, type RefreshAllOutcome } from '../../domain/subscriptions/refreshSubscriptions.ts';
import { builder } from '../builder.ts';

const FailedFeedRef = builder.objectRef<FailedFeed>('FailedFeed').implement({
  description: 'A feed whose refresh failed.',
  fields: (t) => ({
    title: t.exposeString('title', { description: 'As the viewer sees it (their own title, else the feed’s).' }),
    error: t.exposeString('error', { description: 'Why the fetch failed (also the feed’s fetchError).' }),
    retryAt: t.expose('retryAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When the feed’s server asked to be fetched again (Retry-After): no refresh fetches it before.',
    }),
    subscription: t.prismaField({
      type: 'Subscription',
      nullable: true,
      description: 'The viewer’s subscription to it, with the feed’s error and last success; null if it ended since.',
      // A findUnique by id: Prisma batches every failed feed's lookup into one query.
      resolve: (query, failed, _args, context) =>
        context.services.db.subscription.findUnique({ ...query, where: { id: failed.subscriptionId } }),
    }),
  }),
});

const RefreshAllPayload = builder.objectRef<RefreshAllOutcome>('RefreshAllSubscriptionsPayload').implement({
  description: 'How refreshing every feed of the viewer went.',
  fields: (t) => ({
    articlesAdded: t.exposeInt('articlesAdded', { description: "For 'Found {n} new article(s)' / 'All feeds are up to date'." }),
    feedsRefreshed: t.exposeInt('feedsRefreshed', { description: 'Feeds fetched, whether or not they had new articles.' }),
    failed: t.exposeInt('failed', { description: 'Feeds whose fetch failed; each keeps its error.' }),
    failedFeeds: t.field({
      type: [FailedFeedRef],
      description: 'Each feed whose fetch failed, and why.',
      resolve: (outcome) => outcome.failedFeeds,
    }),
    alreadyRunning: t.exposeBoolean('alreadyRunning', {
      description: 'True when a refresh-all of the viewer was already running, so this one did nothing.',
    }),
  }),
});

builder.mutationField('refreshAllSubscriptions', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: RefreshAllPayload,
    description: 'Fetches every feed the viewer follows, a few at a time.',
    resolve: (_root, _args, context) => refreshAllSubscriptions(context.services, context.viewer),
  }),
);
