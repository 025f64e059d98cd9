import { encodeGlobalID } from '@pothos/plugin-relay';
import type { ArticlesArrived, ChangedUnreadCounts } from '../../realtime/events.ts';
import { builder } from '../builder.ts';
import { whileSessionOpen } from './whileSessionOpen.ts';

type SubscriptionCount = ChangedUnreadCounts['subscriptions'][number];
type FolderCount = ChangedUnreadCounts['folders'][number];

// Types of their own rather than FeedSubscription and Folder: the event carries the counts and nothing else, so
// every field here resolves from it, and no connection reads the database to deliver it.
const SubscriptionUnreadCountRef = builder.objectRef<SubscriptionCount>('SubscriptionUnreadCount').implement({
  description: "One of the viewer's subscriptions and its unread count, as it is now.",
  fields: (t) => ({
    subscriptionId: t.id({
      description: 'The global id of the FeedSubscription.',
      resolve: (count) => encodeGlobalID('FeedSubscription', count.subscriptionId),
    }),
    feedId: t.id({
      description: 'The global id of the subscribed Feed (what the article list filters by).',
      resolve: (count) => encodeGlobalID('Feed', count.feedId),
    }),
    unreadCount: t.exposeInt('unreadCount', { description: "How many of the feed's articles the viewer has not read." }),
  }),
});

const ArticlesArrivedRef = builder.objectRef<ArticlesArrived>('ArticlesArrived').implement({
  description: "New articles in the change's feeds, which an open list may offer to show.",
  fields: (t) => ({
    articles: t.exposeInt('articles', {
      description: 'How many: the articles a refresh just stored, or the unread articles of a new subscription.',
    }),
    subscribed: t.exposeBoolean('subscribed', {
      description: "Whether the viewer's own new subscription brought them (a list then shows them at once).",
    }),
  }),
});

const FolderUnreadCountRef = builder.objectRef<FolderCount>('FolderUnreadCount').implement({
  description: "One of the viewer's folders and its unread count (the sum of its subscriptions'), as it is now.",
  fields: (t) => ({
    folderId: t.id({ description: 'The global id of the Folder.', resolve: (count) => encodeGlobalID('Folder', count.folderId) }),
    unreadCount: t.exposeInt('unreadCount', { description: "The sum of its subscriptions' unread counts." }),
  }),
});

const UnreadCountsRef = builder.objectRef<ChangedUnreadCounts>('UnreadCounts').implement({
  description:
    "The counts one change moved: exactly the viewer's subscriptions and folders whose unread count it may have changed, " +
    'each with its count as it is now. Counts not listed did not move; a subscription that ended is not listed (its folder is).',
  fields: (t) => ({
    subscriptions: t.field({
      type: [SubscriptionUnreadCountRef],
      description: "The subscriptions of the change's feeds (all of them after marking everything read).",
      resolve: (counts) => counts.subscriptions,
    }),
    folders: t.field({
      type: [FolderUnreadCountRef],
      description: 'The folders holding those subscriptions, and a folder a subscription left.',
      resolve: (counts) => counts.folders,
    }),
    arrived: t.field({
      type: ArticlesArrivedRef,
      nullable: true,
      description: 'Set when the change brought new articles (a refresh stored some, or the viewer subscribed); null otherwise.',
      resolve: (counts) => counts.arrived ?? null,
    }),
  }),
});

builder.subscriptionField('unreadCountsChanged', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: UnreadCountsRef,
    description:
      "Whenever the viewer's unread articles change (read, unread, marked all read, new articles, subscribing, unsubscribing " +
      "from a folder): the counts that moved. Read once when the change happens, for all of the viewer's connections; " +
      'delivering it to a connection costs only the check that its session is still open.',
    subscribe: (_root, _args, context) =>
      whileSessionOpen(context.services, context.viewer, context.services.events.subscribe('unread:changed', context.viewer.id)),
    resolve: (counts) => counts,
  }),
);
