import { refreshAllSubscriptions, type RefreshAllOutcome } from '../../domain/feeds/refresh.ts';
import { builder } from '../builder.ts';

const RefreshAllPayload = builder.objectRef<RefreshAllOutcome>('RefreshAllSubscriptionsPayload').implement({
  fields: (t) => ({
    articlesAdded: t.exposeInt('articlesAdded', { description: "For 'Found {n} new article(s)' / 'All feeds are up to date'." }),
    feedsRefreshed: t.exposeInt('feedsRefreshed'),
    failed: t.exposeInt('failed', { description: 'Feeds whose fetch failed; each keeps its error.' }),
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
